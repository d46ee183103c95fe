import { shellScreenMessages as ui } from '@portal/domain';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** The bar itself (frame.css), also drawn by the frame before the app runs. */
export function LoadingTrack() {
  return (
    <div className="portal-loading-track" role="progressbar" aria-label={ui.loading}>
      <div className="portal-loading-bar" />
    </div>
  );
}

/** The thin loading bar at the top: shown while any call or route chunk is loading. */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  if (fetching + mutating === 0 && navigation.state === 'idle') return null;
  return <LoadingTrack />;
}
