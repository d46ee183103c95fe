import classes from './loading-bar.module.css';

/** Shown while the first route's guard and chunk load, before any screen can draw. */
export function RouteFallback() {
  return (
    <div className={classes.track} role="progressbar" aria-label="Loading">
      <div className={classes.bar} />
    </div>
  );
}
