import { Card, Skeleton, Table, type TableThProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBox } from './error-box.tsx';

type ListCardProps = {
  /** The list's query: a skeleton while it loads, its failure in place of the card. */
  list: { isPending: boolean; isError: boolean; error: Error | null; data: unknown };
  /** The table's accessible name. */
  label: string;
  /** The column headers, each with its own alignment or width. */
  columns: Array<TableThProps & { key: string }>;
  empty: boolean;
  /** The text of an empty list. */
  emptyText: ReactNode;
  skeletonHeight: number;
  /** The table's rows. */
  children: ReactNode;
  /** A class for the table, e.g. one that lays its rows out as cards on a phone. */
  tableClassName?: string;
};

/** A loaded list in a card: a table of its rows, or the text of an empty list. */
export function ListCard({
  list,
  label,
  columns,
  empty,
  emptyText,
  skeletonHeight,
  children,
  tableClassName,
}: ListCardProps) {
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
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              aria-label={label}
              className={tableClassName}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map(({ key, ...th }) => (
                    <Table.Th key={key} {...th} />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          )}
        </Card>
      )}
    </>
  );
}
