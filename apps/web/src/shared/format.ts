import dayjs from 'dayjs';

/** Dates as the spec writes them: DD MMM YYYY, HH:mm. */
export const formatDateTime = (value: string | number | Date) => dayjs(value).format('DD MMM YYYY, HH:mm');
export const formatDate = (value: string | number | Date) => dayjs(value).format('DD MMM YYYY');
