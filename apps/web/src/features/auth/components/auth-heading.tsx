import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of each sign-in, sign-up and recovery screen: the screen's title and a line under it. */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </div>
  );
}
