/**
 * Which changelog entries a member has read: the newest entry's date, kept in this browser's local
 * storage per user (docs/decisions.md). A second browser shows the dot once more, which costs a click.
 */
export const changelogReadKey = (userId: number) => `changelog-read:${userId}`;

export function readChangelogMark(storage: Pick<Storage, 'getItem'>, userId: number): string | null {
  try {
    return storage.getItem(changelogReadKey(userId));
  } catch {
    return null;
  }
}

export function writeChangelogMark(storage: Pick<Storage, 'setItem'>, userId: number, date: string): void {
  try {
    storage.setItem(changelogReadKey(userId), date);
  } catch {
    // Storage full or disabled: the dot shows again next time, nothing else is lost.
  }
}
