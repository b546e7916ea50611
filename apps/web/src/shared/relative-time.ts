import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** '3 minutes ago', 'a day ago' … for update times in lists. */
export const fromNow = (value: string | number | Date) => dayjs(value).fromNow();
