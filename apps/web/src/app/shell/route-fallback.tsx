import classes from './app-layout.module.css';
import { Footer } from './footer';
import loadingClasses from './loading-bar.module.css';

/**
 * Shown while the first route's guard and chunk load, before any screen can draw: the page's frame
 * (the footer with its disclaimer) appears at once, with the loading bar, instead of a blank page.
 */
export function RouteFallback() {
  return (
    <div className={classes.page}>
      <div className={loadingClasses.track} role="progressbar" aria-label="Loading">
        <div className={loadingClasses.bar} />
      </div>
      <main className={classes.main} />
      <Footer />
    </div>
  );
}
