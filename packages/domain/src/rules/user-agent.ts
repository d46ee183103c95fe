/**
 * A browser's User-Agent as a person reads it ("Chrome on macOS"): the few browsers and systems people
 * sign in with, in the order their strings must be tested (Edge and Opera also say Chrome; Chrome also
 * says Safari; Android also says Linux; iPadOS may say Macintosh). Not a device database: anything else
 * is "Unknown browser" or "unknown system", and an API client keeps its own name ("curl").
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** An API client names itself first: "curl/8.5.0" → "curl". */
const CLIENT = /^([A-Za-z][\w.-]{0,40})\/[\d.]+/;

export function deviceOf(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  if (!ua.startsWith('Mozilla/')) {
    const client = ua.match(CLIENT)?.[1];
    if (client) return client;
  }
  return system ? `Unknown browser on ${system}` : 'Unknown device';
}
