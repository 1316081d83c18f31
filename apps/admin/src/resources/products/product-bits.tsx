import type { AdminCategory } from '@kram/contract/admin-catalog';
import type { AdminColor, AdminProduct } from '@kram/contract/admin-products';
import { Box, Chip, Stack } from '@mui/material';
import { AutocompleteInput, type AutocompleteInputProps, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { ImageNotSupportedOutlinedIcon } from '../../icons/image-not-supported-outlined.tsx';
import { categoryTrail, photoUrl } from './product-format.ts';

/** The product's first photo, small; a placeholder when it has none. */
export function ProductThumbnail({ product, size = 48 }: { product: AdminProduct; size?: number }) {
  const first = product.images[0];
  const box = { width: size, height: size * 1.5, borderRadius: 1, flexShrink: 0 } as const;
  if (!first) {
    return (
      <Box sx={{ ...box, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', color: 'grey.400' }}>
        <ImageNotSupportedOutlinedIcon fontSize="small" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={photoUrl(first, size * 2)}
      alt=""
      loading="lazy"
      sx={{ ...box, objectFit: 'cover', bgcolor: 'grey.100', display: 'block' }}
    />
  );
}

/** New, on promotion, in stock or not, as small chips. */
export function ProductFlags({ product }: { product: AdminProduct }) {
  const translate = useTranslate();
  // Whether shoppers can buy it now: on sale and some size and colour in stock.
  const inStock = product.in_stock;
  return (
    // Spans throughout: the small-screen list shows the flags inside a paragraph.
    <Stack component="span" direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        component="span"
        size="small"
        color={inStock ? 'success' : 'default'}
        variant={inStock ? 'outlined' : 'filled'}
        label={translate(inStock ? 'resources.products.flags.in_stock' : 'resources.products.flags.out_of_stock')}
      />
      {product.is_new && (
        <Chip component="span" size="small" color="info" label={translate('resources.products.flags.new')} />
      )}
      {product.is_on_promo && (
        <Chip component="span" size="small" color="warning" label={translate('resources.products.flags.promo')} />
      )}
    </Stack>
  );
}

/** A colour as a small square: its RGB value, its swatch image, or a striped tile when it has neither. */
export function ColorSwatch({
  color,
  size = 20,
}: {
  color: Pick<AdminColor, 'color_rgb' | 'swatch_image'>;
  size?: number;
}) {
  const fill = color.swatch_image
    ? { backgroundImage: `url(${color.swatch_image})`, backgroundSize: 'cover' }
    : color.color_rgb
      ? { backgroundColor: color.color_rgb }
      : { backgroundImage: 'repeating-linear-gradient(45deg, #ddd 0 4px, #fff 4px 8px)' };
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: 0.5,
        border: '1px solid',
        borderColor: 'divider',
        flexShrink: 0,
        verticalAlign: 'middle',
        ...fill,
      }}
    />
  );
}

/** Every category (a shop has some dozens), for pickers that show where each sits in the tree. */
export function useCategoryChoices() {
  const [language] = useLocaleState();
  const { data = [], isPending } = useGetList<AdminCategory>('categories', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'path', order: 'ASC' },
  });
  const choices = data.map((c) => ({ id: c.id, name: categoryTrail(data, c.id, language) }));
  return { choices, isPending, categories: data };
}

/** A category picker that names each category with its parents: "Одяг / Куртки / Софтшел". */
export function CategoryInput(props: Omit<AutocompleteInputProps, 'choices'>) {
  const { choices, isPending } = useCategoryChoices();
  return <AutocompleteInput choices={choices} isPending={isPending} {...props} />;
}
