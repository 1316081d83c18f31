import type { AdminCategory } from '@kram/contract/admin-catalog';
import { maxCategoryDepth } from '@kram/contract/admin-catalog';
import {
  Box,
  Chip,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  List as MuiList,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  CreateButton,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useCreatePath,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import type { AdminDataProvider } from '../../data-provider.ts';
import { useErrorNotice } from '../../error-messages.ts';
import { AddIcon } from '../../icons/add.tsx';
import { ArrowDownwardIcon } from '../../icons/arrow-downward.tsx';
import { ArrowUpwardIcon } from '../../icons/arrow-upward.tsx';
import { FolderOutlinedIcon } from '../../icons/folder-outlined.tsx';
import { SubdirectoryArrowRightIcon } from '../../icons/subdirectory-arrow-right.tsx';
import { categoryName, orderAfterStep } from './category-tree.ts';

/** Moves a category one place among its siblings through the order call, then reloads the tree. */
function useStep() {
  const provider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const tell = useErrorNotice('catalog');
  const [pending, setPending] = useState(false);
  async function step(categories: AdminCategory[], category: AdminCategory, direction: -1 | 1) {
    const ids = orderAfterStep(categories, category, direction);
    if (!ids) return;
    setPending(true);
    try {
      await provider.action('categories', undefined, 'order', { parent_id: category.parent_id, ids });
      notify('resources.categories.done.moved', { type: 'info' });
    } catch (error) {
      tell(error);
    } finally {
      setPending(false);
      refresh();
    }
  }
  return { step, pending };
}

function CategoryRow({
  category,
  all,
  canReorder,
  step,
  pending,
}: {
  category: AdminCategory;
  all: AdminCategory[];
  canReorder: boolean;
  step: (categories: AdminCategory[], category: AdminCategory, direction: -1 | 1) => void;
  pending: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const other = locale === 'ru' ? category.name : category.name_ru;
  const first = orderAfterStep(all, category, -1) === undefined;
  const last = orderAfterStep(all, category, 1) === undefined;
  const reorder = (direction: -1 | 1, label: string, icon: ReactNode, disabled: boolean) => (
    <Tooltip title={translate(label)}>
      <span>
        <IconButton
          size="small"
          aria-label={translate(label)}
          disabled={disabled || pending}
          onClick={() => step(all, category, direction)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <ListItem disablePadding divider sx={{ alignItems: 'stretch' }}>
      <ListItemButton
        component={Link}
        to={createPath({ resource: 'categories', type: 'edit', id: category.id })}
        sx={{ flex: 1, minWidth: 0, pl: { xs: 1 + (category.depth - 1) * 2, sm: 2 + (category.depth - 1) * 4 } }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          {category.depth === 1 ? (
            <FolderOutlinedIcon fontSize="small" />
          ) : (
            <SubdirectoryArrowRightIcon fontSize="small" color="action" />
          )}
        </ListItemIcon>
        <ListItemText
          primary={
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: category.depth === 1 ? 600 : 400 }}>
                {categoryName(category, locale)}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={translate('resources.categories.products', { smart_count: category.total_product_count })}
              />
            </Box>
          }
          secondary={
            <>
              {other && other !== categoryName(category, locale) && (
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {other} ·{' '}
                </Box>
              )}
              <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                /{category.path}
              </Box>
            </>
          }
        />
      </ListItemButton>
      <Stack direction="row" sx={{ alignItems: 'center', pr: 1, flexShrink: 0 }}>
        {canReorder && reorder(-1, 'resources.categories.actions.up', <ArrowUpwardIcon fontSize="small" />, first)}
        {canReorder && reorder(1, 'resources.categories.actions.down', <ArrowDownwardIcon fontSize="small" />, last)}
        {category.depth < maxCategoryDepth ? (
          <Tooltip title={translate('resources.categories.actions.add_subcategory')}>
            <IconButton
              size="small"
              aria-label={translate('resources.categories.actions.add_subcategory')}
              component={Link}
              to={`${createPath({ resource: 'categories', type: 'create' })}?source=${encodeURIComponent(
                JSON.stringify({ parent_id: category.id }),
              )}`}
            >
              <AddIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          // Keeps the arrows of the third level in line with the levels above.
          <Box sx={{ width: 30, flexShrink: 0 }} />
        )}
      </Stack>
    </ListItem>
  );
}

/**
 * The tree as it reads top to bottom (the API's order without a sort), each category indented by
 * its level. Moving up and down needs every sibling on the page, so it is offered only when the whole
 * tree is shown (no search, one page).
 */
function CategoryTree() {
  const { data, total, filterValues, isPending } = useListContext<AdminCategory>();
  const translate = useTranslate();
  const { step, pending } = useStep();
  if (isPending || !data) return null;
  if (data.length === 0) {
    const key = Object.keys(filterValues).length ? 'no_match' : 'empty';
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate(`resources.categories.${key}`)}
      </Typography>
    );
  }
  const canReorder = Object.keys(filterValues).length === 0 && data.length === total;
  return (
    <MuiList disablePadding>
      {data.map((category) => (
        <CategoryRow
          key={category.id}
          category={category}
          all={data}
          canReorder={canReorder}
          step={step}
          pending={pending}
        />
      ))}
    </MuiList>
  );
}

function CategoryActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** The category tree: open one to rename or move it, arrows to reorder, + to add a subcategory. */
export function CategoryList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.categories.search')} />]}
      // No sort: the API answers the tree in its own order.
      sort={{ field: '', order: 'ASC' }}
      perPage={200}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      actions={<CategoryActions />}
      empty={false}
    >
      <CategoryTree />
    </List>
  );
}
