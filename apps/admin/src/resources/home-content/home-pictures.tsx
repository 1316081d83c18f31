import type { AdminHomeContent, HomeContent, HomeImageSlot } from '@kram/contract/site-content';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Form, FormDataConsumer, ImageField, ImageInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../data-provider.ts';
import { useErrorNotice } from '../../error-messages.ts';
import { Inventory2OutlinedIcon } from '../../icons/inventory-2-outlined.tsx';
import { LocalShippingOutlinedIcon } from '../../icons/local-shipping-outlined.tsx';
import { ShieldOutlinedIcon } from '../../icons/shield-outlined.tsx';
import { homeContentKey, saveHomeContent } from './home-content-query.ts';

interface Slot {
  slot: HomeImageSlot;
  label: string;
  url: string | null;
  /** How the preview is drawn: the slot's proportions, at most this wide. */
  preview: { width: number; aspect: string };
  /** What the storefront shows without a picture (a tile's icon). */
  icon?: ReactNode;
}

// Like the storefront's icons of the three places: delivery, quality, returns.
const tileIcons = [LocalShippingOutlinedIcon, ShieldOutlinedIcon, Inventory2OutlinedIcon];

const accept = { 'image/jpeg': [], 'image/png': [], 'image/webp': [] };

/** One picture: what it is now, a file to replace it with, and for a tile a way back to its icon. */
function PictureSlot({ slot, label, url, preview, icon, content }: Slot & { content: HomeContent }) {
  const provider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const tell = useErrorNotice('home_content');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<AdminHomeContent>, done: string) => {
    setBusy(true);
    try {
      queryClient.setQueryData(homeContentKey, await work());
      notify(done, { type: 'info' });
    } catch (error) {
      tell(error);
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) =>
    run(
      () => provider.upload<AdminHomeContent>('content', undefined, 'home', file, { slot }),
      'resources.home_content.picture.uploaded',
    );

  const backToIcon = () => {
    const index = Number(slot.slice('tile_'.length)) - 1;
    const next: HomeContent = {
      ...content,
      tiles: content.tiles.map((tile, i) => (i === index ? { ...tile, image: null } : tile)),
    };
    return run(() => saveHomeContent(next), 'resources.home_content.picture.removed');
  };

  return (
    <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <Typography variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Box
        sx={{
          width: '100%',
          maxWidth: preview.width,
          aspectRatio: preview.aspect,
          mb: 1,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {url ? (
          <Box component="img" src={url} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          icon
        )}
      </Box>
      {!url && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate('resources.home_content.picture.icon')}
        </Typography>
      )}
      <Form
        key={url ?? 'icon'}
        onSubmit={(values: { file?: { rawFile?: File } }) => {
          const file = values.file?.rawFile;
          if (file) void upload(file);
        }}
      >
        <ImageInput
          source="file"
          label={false}
          accept={accept}
          helperText="resources.home_content.picture.hint"
          sx={{ '& .RaFileInput-dropZone': { p: 1 } }}
        >
          <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 64 } }} />
        </ImageInput>
        <FormDataConsumer<{ file?: { rawFile?: File } }>>
          {({ formData }) => (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" size="small" disabled={busy || !formData.file?.rawFile}>
                {translate('resources.home_content.picture.upload')}
              </Button>
              {slot.startsWith('tile_') && url && (
                <Button size="small" color="inherit" disabled={busy} onClick={backToIcon}>
                  {translate('resources.home_content.picture.remove')}
                </Button>
              )}
            </Stack>
          )}
        </FormDataConsumer>
      </Form>
    </Box>
  );
}

/** The banner's two pictures and the tiles' three, each saved as soon as it is uploaded. */
export function HomePictures({ content }: { content: HomeContent }) {
  const translate = useTranslate();
  const slots: Slot[] = [
    {
      slot: 'banner_wide',
      label: translate('resources.home_content.slots.banner_wide'),
      url: content.banner.image.wide,
      preview: { width: 480, aspect: '1200 / 520' },
    },
    {
      slot: 'banner_narrow',
      label: translate('resources.home_content.slots.banner_narrow'),
      url: content.banner.image.narrow,
      preview: { width: 208, aspect: '1 / 1' },
    },
  ];
  const tiles: Slot[] = content.tiles.map((tile, i) => ({
    slot: `tile_${i + 1}` as HomeImageSlot,
    label: translate('resources.home_content.slots.tile', { n: i + 1 }),
    url: tile.image,
    preview: { width: 96, aspect: '1 / 1' },
    icon: (() => {
      const Icon = tileIcons[i] ?? Inventory2OutlinedIcon;
      return <Icon sx={{ fontSize: 40, color: 'primary.main' }} />;
    })(),
  }));
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('resources.home_content.sections.pictures')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.home_content.hints.pictures')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, mb: 3 }}>
          {slots.map((s) => (
            <PictureSlot key={s.slot} {...s} content={content} />
          ))}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          {tiles.map((s) => (
            <PictureSlot key={s.slot} {...s} content={content} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
