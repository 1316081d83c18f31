import { type AdminHomeContent, homeContentLimits } from '@kram/contract/site-content';
import { Badge, Box, Card, CardContent, Divider, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, SaveButton, TextInput, Toolbar, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useErrorNotice, useFormErrors } from '../../error-messages.ts';
import { validateHomeContent } from './home-content-check.ts';
import { type HomeTexts, homeContentKey, saveHomeContent, textsOf, withTexts } from './home-content-query.ts';

const languages = ['uk', 'ru'] as const;
type Lng = (typeof languages)[number];

/** Every error's path in the form's error tree (`banner.title.ru`). */
function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    if ('message' in value && 'type' in value) return [`${prefix}${key}`];
    return errorPaths(value, `${prefix}${key}.`);
  });
}

/** The language tabs, each marked when a field of its language is wrong. */
function LanguageTabs({ value, onChange }: { value: Lng; onChange: (lng: Lng) => void }) {
  const translate = useTranslate();
  const { errors } = useFormState();
  const wrong = new Set(errorPaths(errors).map((path) => path.split('.').at(-1)));
  return (
    <Tabs value={value} onChange={(_, lng: Lng) => onChange(lng)} sx={{ mb: 2 }}>
      {languages.map((lng) => (
        <Tab
          key={lng}
          value={lng}
          label={
            <Badge
              color="error"
              variant="dot"
              invisible={!wrong.has(lng)}
              title={translate('resources.home_content.errors.in_tab')}
            >
              <Box component="span" sx={{ pr: 1 }}>
                {translate(`resources.home_content.languages.${lng}`)}
              </Box>
            </Badge>
          }
        />
      ))}
    </Tabs>
  );
}

/** A text in both languages; only the chosen language's input shows, both stay in the form. */
function Localized({
  source,
  label,
  shown,
  max,
  multiline = false,
}: {
  source: string;
  label: string;
  shown: Lng;
  max: number;
  multiline?: boolean;
}) {
  return (
    <>
      {languages.map((lng) => (
        <TextInput
          key={lng}
          source={`${source}.${lng}`}
          label={label}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          fullWidth
          slotProps={{ htmlInput: { maxLength: max, lang: lng } }}
          sx={{ display: lng === shown ? undefined : 'none' }}
        />
      ))}
    </>
  );
}

/**
 * The home page's texts and the tiles' links, in Ukrainian and Russian, checked by the contract's own
 * schema before they are sent. The pictures are not part of it: a save sends them as last uploaded.
 */
export function HomeTextsForm({ data }: { data: AdminHomeContent }) {
  const translate = useTranslate();
  const notify = useNotify();
  const fieldsOf = useFormErrors('home_content');
  const tell = useErrorNotice('home_content');
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  // The back office's own language first; the other is a tab away.
  const [shown, setShown] = useState<Lng>(locale === 'ru' ? 'ru' : 'uk');
  // The form keeps its own copy: an uploaded picture must not reset texts being edited.
  const [record, setRecord] = useState<HomeTexts>(() => textsOf(data.content));
  const latest = () => queryClient.getQueryData<AdminHomeContent>(homeContentKey)?.content ?? data.content;

  const submit = async (texts: HomeTexts) => {
    try {
      const saved = await saveHomeContent(withTexts(latest(), texts));
      queryClient.setQueryData(homeContentKey, saved);
      setRecord(textsOf(saved.content));
      notify('resources.home_content.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      // Shown under their inputs, already in the back office's language.
      const fields = fieldsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      tell(error);
      return undefined;
    }
  };

  const field = (name: string) => translate(`resources.home_content.fields.${name}`);
  const limits = homeContentLimits;
  return (
    <Card>
      <Form
        record={record as unknown as { id: string }}
        onSubmit={(values: object) => submit(values as HomeTexts)}
        validate={(values: object) => validateHomeContent(withTexts(latest(), values as HomeTexts))}
      >
        <CardContent>
          <LanguageTabs value={shown} onChange={setShown} />
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('resources.home_content.sections.banner')}
          </Typography>
          <Localized source="banner.title" label={field('title')} shown={shown} max={limits.bannerTitle} />
          <Localized
            source="banner.description"
            label={field('description')}
            shown={shown}
            max={limits.bannerDescription}
            multiline
          />
          <Divider sx={{ my: 2 }} />
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('resources.home_content.sections.tiles')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
            {[0, 1, 2].map((i) => (
              <Box key={i} sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" gutterBottom>
                  {translate('resources.home_content.tile', { n: i + 1 })}
                </Typography>
                <Localized source={`tiles.${i}.title`} label={field('title')} shown={shown} max={limits.tileTitle} />
                <Localized
                  source={`tiles.${i}.text`}
                  label={field('text')}
                  shown={shown}
                  max={limits.tileText}
                  multiline
                />
                <TextInput
                  source={`tiles.${i}.link`}
                  label={field('link')}
                  helperText="resources.home_content.hints.link"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: limits.link } }}
                />
              </Box>
            ))}
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('resources.home_content.sections.promo')}
          </Typography>
          <Localized source="promo.title" label={field('title')} shown={shown} max={limits.promoTitle} />
          <Localized source="promo.text" label={field('text')} shown={shown} max={limits.promoText} multiline />
        </CardContent>
        <Toolbar>
          <SaveButton />
        </Toolbar>
      </Form>
    </Card>
  );
}
