import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every static page shares: a title, an optional line under it, and the content. */
export function StaticPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          {subtitle && (
            <Text c="dimmed" mt={6}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Container>
  );
}

/** A titled section of a static page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} fz="h3" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}
