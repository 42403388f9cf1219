// Live queries for screens. A module of its own, not re-exported by ./index: dexie-react-hooks declares no
// `sideEffects`, so a re-export kept it in the entry chunk even where nothing called it (~0.5 kB gz).
export { useLiveQuery } from 'dexie-react-hooks';
