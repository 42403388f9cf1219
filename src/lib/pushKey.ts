// A Realtime-Database-style push key made on this device: 8 characters of time, 12 random ones.
// Time-ordered like the SDK's keys, so feedback sorts by when it was written, and made without loading
// the 42 kB database SDK, so feedback can be queued offline at no cost.
const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

export function newPushKey(now: number = Date.now(), random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 8; i++) {
    time = ALPHABET.charAt(t % 64) + time;
    t = Math.floor(t / 64);
  }
  let rest = '';
  for (const byte of random(12)) rest += ALPHABET.charAt(byte % 64);
  return time + rest;
}
