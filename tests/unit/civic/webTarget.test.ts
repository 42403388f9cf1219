import { describe, expect, it } from 'vitest';
import { allowedHosts, resolveWebTarget, webTitle } from '../../../src/features/civic/webTarget';
import { BALLOT_HOST, REGISTER_GUIDE_URL, VOTER_RESOURCES, VOTER_RESOURCE_HOSTS } from '../../../src/features/civic/voterResources';

const candidates = [{ name: 'Kyra Harris Bolden', campaignUrl: 'https://www.example-campaign.org/about' }];

describe('web viewer title rule (spec §2)', () => {
  it("is 'Ballot' for the ballot site, 'Register' for the registration guide, otherwise blank", () => {
    expect(webTitle(`https://${BALLOT_HOST}/Voter/Index`)).toBe('Ballot');
    expect(webTitle(REGISTER_GUIDE_URL)).toBe('Register');
    expect(webTitle(`${REGISTER_GUIDE_URL}/`)).toBe('Register');
    expect(webTitle('https://www.michigan.gov/sos/elections')).toBe('');
  });

  it('uses the same URLs as the voter-resources page', () => {
    const urls = VOTER_RESOURCES.flatMap((c) => c.links.map((l) => l.url));
    expect(urls).toContain(REGISTER_GUIDE_URL);
    expect(urls.some((u) => u.includes(BALLOT_HOST))).toBe(true);
  });
});

describe('voter resources', () => {
  it('has the six cards of the spec, two https links each', () => {
    expect(VOTER_RESOURCES.map((c) => c.title)).toEqual([
      'Voter Registration', 'Absentee Voting', 'Voting Information', 'Civic Engagement', '2020 Election Results', 'Local Election Resources',
    ]);
    for (const card of VOTER_RESOURCES) {
      expect(card.links).toHaveLength(2);
      for (const l of card.links) expect(new URL(l.url).protocol, l.url).toBe('https:');
    }
  });
});

describe('web viewer allow-list', () => {
  it('frames https pages on voter-resource hosts', () => {
    for (const host of VOTER_RESOURCE_HOSTS) {
      expect(resolveWebTarget(`https://${host}/`, []).kind, host).toBe('frame');
    }
    expect(resolveWebTarget(`https://${BALLOT_HOST}/Voter/Index`, [])).toEqual({ kind: 'frame', url: `https://${BALLOT_HOST}/Voter/Index`, host: BALLOT_HOST, title: 'Ballot' });
    expect(resolveWebTarget(REGISTER_GUIDE_URL, [])).toMatchObject({ kind: 'frame', title: 'Register' });
  });

  it('frames a known candidate’s site, by URL or by the candidate’s name', () => {
    expect(allowedHosts(candidates).has('www.example-campaign.org')).toBe(true);
    expect(resolveWebTarget('https://www.example-campaign.org/about', candidates)).toMatchObject({ kind: 'frame', title: '' });
    expect(resolveWebTarget('Kyra Harris Bolden', candidates)).toMatchObject({ kind: 'frame', url: 'https://www.example-campaign.org/about' });
    expect(resolveWebTarget('kyra harris bolden', candidates)).toMatchObject({ kind: 'frame' });
    expect(resolveWebTarget('Someone Else', candidates)).toEqual({ kind: 'blocked', reason: 'unknown' });
    // Without that candidate data, the same site is just an unknown host.
    expect(resolveWebTarget('https://www.example-campaign.org/about', [])).toMatchObject({ kind: 'blocked', reason: 'host' });
  });

  it('never frames or links script, data, plain http or other schemes', () => {
    for (const q of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', `http://${BALLOT_HOST}/`, 'blob:https://x/y']) {
      expect(resolveWebTarget(q, candidates), q).toEqual({ kind: 'blocked', reason: 'scheme' });
    }
  });

  it('blocks unknown https hosts and look-alikes, with no link, naming the host the address really goes to', () => {
    expect(resolveWebTarget('https://evil.example/', candidates)).toEqual({ kind: 'blocked', reason: 'host', host: 'evil.example' });
    // Official-looking text before an @ is a user name: the host is what follows.
    expect(resolveWebTarget('https://www.michigan.gov@evil.example/', [])).toEqual({ kind: 'blocked', reason: 'host', host: 'evil.example' });
    expect(resolveWebTarget(`https://${BALLOT_HOST}%2F@evil.example/`, [])).toMatchObject({ kind: 'blocked', host: 'evil.example' });
    // A look-alike in another script is shown as the browser resolves it (punycode), not as it looks.
    expect(resolveWebTarget('https://www.michigаn.gov/', [])).toMatchObject({ kind: 'blocked', host: 'www.xn--michign-7fg.gov' });
    expect(resolveWebTarget('https://www.michigan.gov.evil.example/', [])).toMatchObject({ kind: 'blocked', host: 'www.michigan.gov.evil.example' });
    expect(resolveWebTarget(`https://${BALLOT_HOST}.evil.example/`, [])).toMatchObject({ kind: 'blocked', reason: 'host' });
    expect(resolveWebTarget(`https://evil.example/?${BALLOT_HOST}`, [])).toMatchObject({ kind: 'blocked', reason: 'host' });
    expect(resolveWebTarget(`https://user:pw@${BALLOT_HOST}/`, [])).toMatchObject({ kind: 'blocked', reason: 'host' });
    expect(resolveWebTarget(`https://${BALLOT_HOST}:8443/`, [])).toMatchObject({ kind: 'blocked', reason: 'host' });
  });

  it('says so when there is nothing to show', () => {
    expect(resolveWebTarget('', [])).toEqual({ kind: 'blocked', reason: 'empty' });
    expect(resolveWebTarget(undefined, [])).toEqual({ kind: 'blocked', reason: 'empty' });
  });
});
