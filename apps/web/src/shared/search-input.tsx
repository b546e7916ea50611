import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchInputProps = Omit<TextInputProps, 'onChange' | 'leftSection'> & {
  /** The text as typed. */
  onSearch: (text: string) => void;
};

/** A list's search field, with the search icon. */
export function SearchInput({ onSearch, ...props }: SearchInputProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      onChange={(e) => onSearch(e.currentTarget.value)}
      {...props}
    />
  );
}
