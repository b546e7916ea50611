import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="60vh" aria-busy="true">
      <Loader />
    </Center>
  );
}
