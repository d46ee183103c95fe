/**
 * Sessions: a sign-in's session ends when it goes unused for the firm's idle timeout.
 * The timeout is a firm setting; a person of no firm (a super administrator may have none) gets the default.
 */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;
export const MIN_IDLE_TIMEOUT_MINUTES = 5;
export const MAX_IDLE_TIMEOUT_MINUTES = 480;

/**
 * A session's last use is written at most this often: the idle check needs minutes, not the instant, and a
 * write per request would double a signed-in read's cost.
 */
export const LAST_USED_GRANULARITY_SECONDS = 60;

/** The machine-readable code of the 401 that ends an idle session, so the web can say why. */
export const SESSION_IDLE_CODE = 'session_idle';
/** The code of the 401 of a session ended from elsewhere (another session, an administrator, a password change). */
export const SESSION_ENDED_CODE = 'session_ended';
