import { randomBytes } from 'node:crypto';
import { messages } from '@portal/domain';
import type { SignOn } from './sso.service.js';

const m = messages.sso;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:3rem 1.5rem;color:#212529;background:#f8f9fa}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1.5rem}' +
  'h1{font-size:1.25rem;margin:0 0 1rem}button,a.button{font:inherit;background:#1864ab;color:#fff;border:0;border-radius:.25rem;padding:.5rem 1rem;cursor:pointer;text-decoration:none;display:inline-block}';

/**
 * A page of its own CSP: its one script and style by nonce, nothing loaded, never framed. It sets no
 * `form-action`: a browser checks that directive against every redirect after the post too, and a
 * service provider's ACS commonly redirects to its application on another host.
 */
function page(nonce: string, title: string, body: string, script = '') {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
${script}
</body>
</html>
`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp };
}

/**
 * The HTTP-POST binding's page (SAML 2.0 bindings, section 3.5.4): a form holding the signed response and the
 * RelayState, posted to the service provider's ACS by script, or by its Continue button without script.
 */
export function autoPostPage(signOn: SignOn) {
  const nonce = randomBytes(16).toString('base64');
  const relay = signOn.relayState
    ? `<input type="hidden" name="RelayState" value="${escapeHtml(signOn.relayState)}">`
    : '';
  const body = `<h1>${escapeHtml(m.pageText(signOn.label))}</h1>
<form id="sso" method="post" action="${escapeHtml(signOn.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(signOn.samlResponse)}">
${relay}
<noscript><p>${escapeHtml(m.noScript)}</p><button type="submit">${escapeHtml(m.continue)}</button></noscript>
</form>`;
  const script = `<script nonce="${nonce}">document.getElementById('sso').submit();</script>`;
  return page(nonce, m.pageTitle, body, script);
}

/** What a person who opened the sign-on in a tab sees when it is refused (signed out, no such provider). */
export function errorPage(message: string, portalUrl: string) {
  const nonce = randomBytes(16).toString('base64');
  const body = `<h1>${escapeHtml(m.errorTitle)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(portalUrl)}/">${escapeHtml(m.backToPortal)}</a></p>`;
  return page(nonce, m.errorTitle, body);
}
