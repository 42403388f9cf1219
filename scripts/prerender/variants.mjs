// Screens that one page shows for several values of a query parameter (issue #33: the landing's categories at
// `/?category=…`, a person at `/one-icon?id=…`). A static host answers every query with the same file, and a
// first visit has no service worker to choose for it, so the page carries each prerendered variant in a
// <template> and this script, inline and first in the slot, moves the one the address names into place before
// the default screen below it is parsed. Without it a visitor who followed "Fashion" saw the category menu again
// until the app's ~150 kB had arrived (Event Details at 2.7–3.1× a static page on venue Wi-Fi).
//
// One of the app's two inline scripts (the other: the award ballot's island, build/prerender.ts): the
// Content-Security-Policy allows it by its hash (scripts/csp.mjs), so the policy still runs no script it does not
// name. Plain ES2019, no imports; kept short because every page that has
// variants carries it.

/**
 * In #prerender[data-variant-param]: picks `<template data-variant="v">` for `?param=v` and moves its content in
 * front of the default screen (marked). The default screen, parsed after the script, is removed as the parser adds
 * it (a MutationObserver: its callbacks run before the browser can paint, and a page never holds two screens for a
 * test or the app's takeover to find; the rule below hides it even before that). At DOMContentLoaded the templates
 * and the script go too. An unknown value or none: the default stays, and only the templates and the script go.
 */
export const VARIANT_SCRIPT =
  '(function(){var s=document.currentScript,p=s&&s.parentElement;if(!p)return;' +
  'var v=new URLSearchParams(location.search).get(p.getAttribute("data-variant-param")||""),t=null,c=p.children,m=null;' +
  'for(var i=0;i<c.length;i++)if(v!==null&&c[i].tagName==="TEMPLATE"&&c[i].getAttribute("data-variant")===v)t=c[i];' +
  'if(t){for(var j=0;j<t.content.children.length;j++)t.content.children[j].setAttribute("data-variant-shown","");' +
  'p.insertBefore(t.content,s);p.setAttribute("data-variant",v);' +
  'm=new MutationObserver(function(r){for(var a=0;a<r.length;a++)for(var b=0;b<r[a].addedNodes.length;b++){var n=r[a].addedNodes[b];' +
  'if(n.nodeType===1&&n.parentNode===p&&!n.hasAttribute("data-variant-shown"))p.removeChild(n)}});m.observe(p,{childList:true})}' +
  'document.addEventListener("DOMContentLoaded",function(){if(m)m.disconnect();var a=[].slice.call(p.children);for(var k=0;k<a.length;k++){var e=a[k];' +
  'if(e.tagName==="TEMPLATE"||e.tagName==="SCRIPT"||(t&&!e.hasAttribute("data-variant-shown")))p.removeChild(e)}})})()';


/** While the default screen is still being parsed below the chosen variant: never shown. */
export const VARIANT_RULE = '#prerender[data-variant]>:not([data-variant-shown]){display:none}';

const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The slot's content for a page with variants: the templates, the script, then the default screen.
 * @param {string} body the default screen's markup
 * @param {{ value: string, html: string }[]} variants
 */
export function variantSlot(body, variants) {
  if (variants.length === 0) return body;
  const templates = variants.map((v) => `<template data-variant="${attr(v.value)}">${v.html}</template>`).join('');
  return `${templates}<script>${VARIANT_SCRIPT}</script>${body}`;
}
