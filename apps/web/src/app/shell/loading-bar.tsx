import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import classes from './loading-bar.module.css';

/** The thin bar of spec 000 §2 "Chrome": shown while any call or route chunk is loading. */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  if (fetching + mutating === 0 && navigation.state === 'idle') return null;
  return (
    <div className={classes.track} role="progressbar" aria-label="Loading">
      <div className={classes.bar} />
    </div>
  );
}
