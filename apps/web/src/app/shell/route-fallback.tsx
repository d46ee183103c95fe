import { frameMessages } from '@portal/domain';
import { Footer } from './footer';
import { LoadingTrack } from './loading-bar';

/**
 * Shown while the first route's guard and chunk load, before any screen can draw: the page's frame
 * (the footer with its disclaimer) with the loading bar, instead of a blank page. index.html carries
 * this same markup, rendered at build time, so the frame is there before the scripts are.
 */
export function RouteFallback() {
  return (
    <div className="portal-page">
      <LoadingTrack />
      <main className="portal-main">
        <noscript>
          <div className="portal-container">
            <p>{frameMessages.noScript}</p>
          </div>
        </noscript>
      </main>
      <Footer />
    </div>
  );
}
