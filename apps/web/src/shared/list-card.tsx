import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBox } from './error-box.tsx';

type ListCardProps = {
  /** The list's query: a skeleton while it loads, its failure in place of the card. */
  list: { isPending: boolean; isError: boolean; error: Error | null; data: unknown };
  empty: boolean;
  /** The text of an empty list. */
  emptyText: ReactNode;
  skeletonHeight: number;
  /** The rows (a table), shown when the list has any. */
  children: ReactNode;
};

/** A loaded list in a card: its rows, or the text of an empty list. */
export function ListCard({ list, empty, emptyText, skeletonHeight, children }: ListCardProps) {
  return (
    <>
      {list.isPending && <Skeleton h={skeletonHeight} radius="lg" />}
      {list.isError && list.error && <ErrorBox message={list.error.message} />}
      {list.data !== undefined && (
        <Card p={0}>
          {empty ? (
            <Text c="dimmed" ta="center" p="xl">
              {emptyText}
            </Text>
          ) : (
            children
          )}
        </Card>
      )}
    </>
  );
}
