// Who published a source, by its address: a visitor reads "Source: Open States", not "github.com". The names are
// proper names (not translated). A host not listed here is shown as its host name, so a new source still shows
// something true; add its publisher here when it joins the packs (tests/unit/civic/publishers.test.ts checks
// that every source in the packs has one).

/** Host (without "www.") → publisher. A path prefix narrows a shared host (GitHub hosts many publishers). */
const PUBLISHERS: readonly (readonly [host: string, name: string, pathPrefix?: string])[] = [
  ['github.com', 'Open States', '/openstates/'],
  ['ballotpedia.org', 'Ballotpedia'],
  ['en.wikipedia.org', 'Wikipedia'],
  ['whitehouse.gov', 'The White House'],
  ['senate.gov', 'U.S. Senate'],
  ['state.gov', 'U.S. Department of State'],
  ['home.treasury.gov', 'U.S. Department of the Treasury'],
  ['defense.gov', 'U.S. Department of Defense'],
  ['doi.gov', 'U.S. Department of the Interior'],
  ['usda.gov', 'U.S. Department of Agriculture'],
  ['commerce.gov', 'U.S. Department of Commerce'],
  ['hhs.gov', 'U.S. Department of Health and Human Services'],
  ['hud.gov', 'U.S. Department of Housing and Urban Development'],
  ['transportation.gov', 'U.S. Department of Transportation'],
  ['energy.gov', 'U.S. Department of Energy'],
  ['ed.gov', 'U.S. Department of Education'],
  ['va.gov', 'U.S. Department of Veterans Affairs'],
  ['epa.gov', 'U.S. Environmental Protection Agency'],
  ['cia.gov', 'Central Intelligence Agency'],
  ['ustr.gov', 'Office of the U.S. Trade Representative'],
  ['sba.gov', 'U.S. Small Business Administration'],
  ['michigan.gov', 'State of Michigan'],
  ['news.delaware.gov', 'State of Delaware'],
  ['news.mt.gov', 'State of Montana'],
  ['npr.org', 'NPR'],
  ['politico.com', 'Politico'],
  ['latimes.com', 'Los Angeles Times'],
  ['newrepublic.com', 'The New Republic'],
  ['michiganpublic.org', 'Michigan Public'],
  ['kuer.org', 'KUER'],
  ['whro.org', 'WHRO'],
  ['gbnews.com', 'GB News'],
  ['pbs.org', 'PBS'],
  ['vincennespbs.org', 'Vincennes PBS'],
  ['video.wtjx.org', 'WTJX'],
  ['pacificislandtimes.com', 'Pacific Island Times'],
  ['viewer.joomag.com', 'Pacific Island Times'],
  ['kirx.vncnews.com', 'KIRX'],
  ['wsus1023.iheart.com', 'WSUS 102.3'],
  ['einpresswire.com', 'EIN Presswire'],
  ['primerahora.com', 'Primera Hora'],
  ['ocvtgop.org', 'Orange County (Vermont) Republican Committee'],
];

/** The publisher's name for a source address; its host name when the publisher is not known. */
export function publisherOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const known = PUBLISHERS.find(([h, , prefix]) => h === host && (prefix === undefined || parsed.pathname.startsWith(prefix)));
  return known ? known[1] : host;
}

/** Whether the publisher of `url` is in the list (for the check that every pack source has one). */
export const hasPublisher = (url: string): boolean => {
  try {
    return publisherOf(url) !== new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return false;
  }
};
