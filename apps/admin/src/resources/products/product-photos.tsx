import type { AdminColor, AdminProduct, AdminProductImage } from '@kram/contract/admin-products';
import { imageUploadLimits, imageUploadMessages } from '@kram/contract/admin-uploads';
import * as admin from '@kram/contract/endpoints/admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardMedia,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ChangeEvent, type DragEvent, useRef, useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useGetMany,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { api } from '../../api.ts';
import type { AdminDataProvider } from '../../data-provider.ts';
import { errorMessage, messageOf, type Translatable, useErrorNotice } from '../../error-messages.ts';
import { AddPhotoAlternateOutlinedIcon } from '../../icons/add-photo-alternate-outlined.tsx';
import { ArrowBackIcon } from '../../icons/arrow-back.tsx';
import { ArrowForwardIcon } from '../../icons/arrow-forward.tsx';
import { DeleteOutlinedIcon } from '../../icons/delete-outlined.tsx';
import { ColorSwatch } from './product-bits.tsx';
import { colorName, moveOne, photoUrl } from './product-format.ts';

interface Queued {
  key: string;
  name: string;
  state: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  problem?: Translatable;
}

const accepted = 'image/jpeg,image/png,image/webp';

/** A file plainly too large, refused before it is sent, in the words the server would use. */
const tooLarge = messageOf({ code: 'upload.too_large' }, imageUploadMessages.tooLarge, 'product');

/** The photo calls that are not plain record calls: recolour, reorder, delete (uploads go through the provider). */
const photoCalls = (productId: number) => ({
  setColor: (imageId: number, colorId: number | null) =>
    api.call(admin.productImageUpdate, { params: { id: productId, image_id: imageId }, body: { color_id: colorId } }),
  order: (ids: number[]) => api.call(admin.productImageOrder, { params: { id: productId }, body: { ids } }),
  remove: (imageId: number) => api.call(admin.productImageDelete, { params: { id: productId, image_id: imageId } }),
});

/** Files chosen or dropped, sent one after the other; each shows its own progress or problem. */
function useUploads(product: AdminProduct) {
  const provider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const [queue, setQueue] = useState<Queued[]>([]);
  const change = (key: string, next: Partial<Queued>) =>
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...next } : item)));

  async function send(files: File[]) {
    const added = files.map((file, i) => ({
      file,
      item: { key: `${Date.now()}-${i}-${file.name}`, name: file.name, state: 'waiting' as const },
    }));
    // Finished ones from an earlier batch go; problems stay until the next batch.
    setQueue((items) => [...items.filter((item) => item.state === 'failed'), ...added.map((a) => a.item)]);
    for (const { file, item } of added) {
      // The server checks the content; a file plainly too large is not worth sending.
      if (file.size > imageUploadLimits.bytes) {
        change(item.key, { state: 'failed', problem: tooLarge });
        continue;
      }
      change(item.key, { state: 'uploading' });
      try {
        await provider.upload('products', product.id, 'images', file);
        change(item.key, { state: 'uploaded' });
      } catch (error) {
        change(item.key, { state: 'failed', problem: errorMessage(error, 'product') });
      }
      refresh();
    }
  }
  return { queue, send, clear: () => setQueue([]) };
}

function UploadZone({ product }: { product: AdminProduct }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { queue, send } = useUploads(product);
  const busy = queue.some((item) => item.state === 'uploading' || item.state === 'waiting');

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length) void send(files);
  };
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length && !busy) void send(files);
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={dropped}
        sx={{
          border: '2px dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { xs: 'stretch', sm: 'center' },
          bgcolor: over ? 'action.hover' : 'transparent',
        }}
      >
        <Button
          variant="contained"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {translate('resources.products.photos.upload')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.products.photos.hint')}
        </Typography>
        <input ref={input} type="file" accept={accepted} multiple hidden onChange={chosen} />
      </Box>
      {queue.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          {queue.map((item) =>
            item.state === 'failed' ? (
              <Alert key={item.key} severity="error" variant="outlined">
                <strong>{item.name}</strong>: {translate(item.problem?.message ?? '', item.problem?.args)}
              </Alert>
            ) : (
              <Box key={item.key}>
                <Typography variant="caption" color="text.secondary">
                  {item.name} — {translate(`resources.products.photos.${item.state}`)}
                </Typography>
                <LinearProgress
                  variant={item.state === 'uploading' ? 'indeterminate' : 'determinate'}
                  value={item.state === 'uploaded' ? 100 : 0}
                  color={item.state === 'uploaded' ? 'success' : 'primary'}
                />
              </Box>
            ),
          )}
        </Stack>
      )}
    </Box>
  );
}

function PhotoCard({
  product,
  image,
  index,
  colors,
  busy,
  run,
}: {
  product: AdminProduct;
  image: AdminProductImage;
  index: number;
  colors: AdminColor[];
  busy: boolean;
  run: (work: () => Promise<unknown>, done: string) => void;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const [confirming, setConfirming] = useState(false);
  const calls = photoCalls(product.id);
  const ids = product.images.map((i) => i.id);
  const step = (direction: -1 | 1) =>
    run(() => calls.order(moveOne(ids, index, direction)), 'resources.products.photos.moved');
  const color = colors.find((c) => c.id === image.color_id);
  return (
    <Card variant="outlined" sx={{ width: 180 }}>
      <CardMedia
        component="img"
        image={photoUrl(image, 400)}
        alt={translate('resources.products.photos.position', { number: index + 1 })}
        sx={{ height: 240, objectFit: 'cover', bgcolor: 'grey.100' }}
      />
      <Box sx={{ px: 1, pt: 1 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={translate('resources.products.photos.color')}
          value={image.color_id ?? ''}
          disabled={busy}
          onChange={(event) => {
            const value = event.target.value === '' ? null : Number(event.target.value);
            run(() => calls.setColor(image.id, value), 'resources.products.photos.color_set');
          }}
          slotProps={{
            select: {
              renderValue: () => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {color && <ColorSwatch color={color} size={14} />}
                  <span>{color ? colorName(color, language) : translate('resources.products.photos.no_color')}</span>
                </Stack>
              ),
              displayEmpty: true,
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{translate('resources.products.photos.no_color')}</MenuItem>
          {colors.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <ColorSwatch color={c} size={14} />
                <span>{colorName(c, language)}</span>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <CardActions sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Tooltip title={translate('resources.products.photos.up')}>
            <span>
              <IconButton size="small" disabled={busy || index === 0} onClick={() => step(-1)}>
                <ArrowBackIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={translate('resources.products.photos.down')}>
            <span>
              <IconButton size="small" disabled={busy || index === ids.length - 1} onClick={() => step(1)}>
                <ArrowForwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Tooltip title={translate('resources.products.photos.delete')}>
          <span>
            <IconButton size="small" color="error" disabled={busy} onClick={() => setConfirming(true)}>
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </CardActions>
      <Confirm
        isOpen={confirming}
        title="resources.products.photos.delete"
        content="resources.products.photos.confirm_delete"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run(() => calls.remove(image.id), 'resources.products.photos.deleted');
        }}
      />
    </Card>
  );
}

/**
 * The photos tab: upload (several at once, each with its progress or its problem), the colour each
 * photo shows, their order, deletion. Each change is saved at once, apart from the form's fields.
 */
export function ProductPhotos() {
  const product = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  const notify = useNotify();
  const tell = useErrorNotice('product');
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { data: colors = [] } = useGetMany<AdminColor>('colors', { ids: product?.color_ids ?? [] });

  if (!product) return null;
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'info' });
    } catch (error) {
      tell(error);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <UploadZone product={product} />
      {product.images.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.products.photos.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {product.images.map((image, index) => (
            <PhotoCard
              key={image.id}
              product={product}
              image={image}
              index={index}
              colors={colors}
              busy={busy}
              run={(work, done) => void run(work, done)}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** In place of the photos on a product not yet saved. */
export function PhotosAfterSave() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('resources.products.photos.save_first')}</Alert>;
}
