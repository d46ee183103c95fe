import dayjs from 'dayjs';

/** The spec's display formats; the wire carries ISO dates and UTC instants. */
export const formatDate = (value: string | Date | null | undefined) => (value ? dayjs(value).format('MM/DD/YYYY') : '');

export const formatDateTime = (value: string | Date | null | undefined) =>
  value ? dayjs(value).format('MM/DD/YYYY hh:mm A') : '';
