/**
 * Every supervised-person query sits under this key: a change on the roster screen refreshes what the
 * attestation form reads of the person's entry (which lists they must submit) as well.
 */
export const rosterKey = ['supervised-persons'] as const;
