/**
 * Dot paths as Mantine form and the server's `fields` name them: `email`, `profile.city`,
 * `children.2.name`. Values are plain JSON-like trees; updates never mutate the tree they are given.
 */

export const toDotPath = (segments: readonly PropertyKey[]): string => segments.map(String).join('.');

const segmentsOf = (path: string): string[] => (path === '' ? [] : path.split('.'));

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

/** The value at `path`, or undefined when the path does not exist. */
export function getPath(root: unknown, path: string): unknown {
  let current = root;
  for (const segment of segmentsOf(path)) {
    if (!isContainer(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Whether `path` names a place in `root` (a null value counts; a removed child row does not). */
export function hasPath(root: unknown, path: string): boolean {
  let current = root;
  for (const segment of segmentsOf(path)) {
    if (!isContainer(current) || !(segment in current)) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
}

/** A copy of `root` with `value` at `path`, creating missing objects on the way. */
export function setPath<T>(root: T, path: string, value: unknown): T {
  const segments = segmentsOf(path);
  const write = (node: unknown, index: number): unknown => {
    if (index === segments.length) return value;
    const segment = segments[index];
    const copy: Record<string, unknown> | unknown[] = Array.isArray(node)
      ? [...node]
      : isContainer(node)
        ? { ...node }
        : {};
    (copy as Record<string, unknown>)[segment] = write((copy as Record<string, unknown>)[segment], index + 1);
    return copy;
  };
  return write(root, 0) as T;
}
