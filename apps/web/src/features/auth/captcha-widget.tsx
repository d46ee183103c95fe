import { authMessages } from '@portal/domain';
import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner';

/**
 * The self-hosted ALTCHA proof of work, shown only after failed sign-ins. The widget and
 * its worker are loaded here, on demand, so the sign-in page's first paint carries none of it (the
 * 170 KB budget); the "external" build keeps the strict CSP: its styles are a stylesheet and its
 * worker a file of ours, not inline code or a blob. It starts solving as soon as it shows, while the
 * person types the password again.
 */
let loaded: Promise<void> | undefined;
function loadAltcha() {
  loaded ??= (async () => {
    const [, , worker] = await Promise.all([
      import('altcha/external'),
      import('altcha/altcha.css'),
      import('altcha/workers/pbkdf2?worker'),
    ]);
    const registry = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker> } }).$altcha;
    registry.algorithms.set('PBKDF2/SHA-256', () => new worker.default());
  })();
  return loaded;
}

/** Solved without a click; the attribution link would only be a way off the sign-in page. */
const WIDGET = JSON.stringify({ hideFooter: true });

export function CaptchaWidget({ email, onChange }: { email: string; onChange: (payload: string | null) => void }) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  // The challenge's work follows the failures of the address typed when the widget appears.
  const [challenge] = useState(() => `/api/captcha/challenge/?email=${encodeURIComponent(email.trim())}`);

  useEffect(() => {
    let live = true;
    void loadAltcha().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!ready || !widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [ready, onChange]);

  if (!ready) return <Spinner size="sm" label={authMessages.captchaLabel} />;
  return <altcha-widget ref={ref} challenge={challenge} auto="onload" name="captcha" configuration={WIDGET} />;
}
