import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { formatDateTime } from '../carrier/carrier-format.ts';
import { homeContentKey, readHomeContent } from './home-content-query.ts';
import { HomePictures } from './home-pictures.tsx';
import { HomeTextsForm } from './home-texts-form.tsx';

/** The home page's banner, tiles and promo, as the storefront shows them. */
export function HomeContentScreen() {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({
    queryKey: homeContentKey,
    queryFn: ({ signal }) => readHomeContent(signal),
    // Refetched only when asked: a background refetch would not touch the texts being edited anyway.
    refetchOnWindowFocus: false,
  });
  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title="resources.home_content.title" />
      {isError && <Alert severity="error">{translate('resources.home_content.errors.load_failed')}</Alert>}
      {isPending && <Skeleton variant="rounded" height={480} />}
      {data && (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {data.updated_at
              ? translate('resources.home_content.saved_at', { date: formatDateTime(data.updated_at) })
              : translate('resources.home_content.never_saved')}
          </Typography>
          <HomePictures content={data.content} />
          <HomeTextsForm data={data} />
        </Stack>
      )}
    </Box>
  );
}
