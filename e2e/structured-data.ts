/**
 * Checks JSON-LD blocks against what Google requires of each type the shop writes (its structured
 * data guidelines for Organization, the sitelinks search box, breadcrumbs, carousels, products and
 * reviews): a missing required property, an unknown @type or a block that is not JSON is a problem.
 * Each problem names where it is, e.g. `Product.offers.priceCurrency: required when a price is given`.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+\/\S*$/.test(value);

const availability = new Set(
  [
    'InStock',
    'OutOfStock',
    'PreOrder',
    'BackOrder',
    'Discontinued',
    'InStoreOnly',
    'LimitedAvailability',
    'OnlineOnly',
    'PreSale',
    'SoldOut',
  ].map((value) => `https://schema.org/${value}`),
);

type Check = (node: Node, problem: (property: string, message: string) => void) => void;

/** Required properties of each type the shop emits, top level and nested. */
const types: Record<string, Check> = {
  Organization(node, problem) {
    if (!present(node.name)) problem('name', 'required');
    if (!isUrl(node.url)) problem('url', 'required, an absolute URL');
    const logo = isNode(node.logo) ? node.logo.url : node.logo;
    if (!isUrl(logo)) problem('logo', 'required, an absolute URL');
  },
  WebSite(node, problem) {
    if (!present(node.name)) problem('name', 'required');
    if (!isUrl(node.url)) problem('url', 'required, an absolute URL');
    const action = list(node.potentialAction).find((a) => isNode(a) && a['@type'] === 'SearchAction') as
      | Node
      | undefined;
    if (!action) return problem('potentialAction', 'required: a SearchAction');
    const target = isNode(action.target) ? action.target.urlTemplate : action.target;
    const input = /^required name=(\w+)$/.exec(String(action['query-input'] ?? ''))?.[1];
    if (!input) problem('potentialAction.query-input', 'required, as "required name=<placeholder>"');
    if (typeof target !== 'string' || !isUrl(target.replace(/\{\w+\}/g, 'x'))) {
      problem('potentialAction.target', 'required, a URL template');
    } else if (input && !target.includes(`{${input}}`)) {
      problem('potentialAction.target', `must hold the placeholder {${input}}`);
    }
  },
  SearchAction() {},
  EntryPoint() {},
  BreadcrumbList(node, problem) {
    const items = list(node.itemListElement);
    if (items.length === 0) return problem('itemListElement', 'required, at least one ListItem');
    for (const [i, item] of items.entries()) {
      if (!isNode(item)) {
        problem(`itemListElement[${i}]`, 'must be a ListItem');
        continue;
      }
      if (item.position !== i + 1) problem(`itemListElement[${i}].position`, `required, ${i + 1}`);
      if (!present(item.name)) problem(`itemListElement[${i}].name`, 'required');
      if (!isUrl(item.item)) problem(`itemListElement[${i}].item`, 'required, an absolute URL');
    }
  },
  ItemList(node, problem) {
    const items = list(node.itemListElement);
    if (items.length === 0) return problem('itemListElement', 'required, at least one ListItem');
    for (const [i, item] of items.entries()) {
      if (!isNode(item)) {
        problem(`itemListElement[${i}]`, 'must be a ListItem');
        continue;
      }
      if (!Number.isInteger(item.position) || (item.position as number) < 1) {
        problem(`itemListElement[${i}].position`, 'required, a whole number from 1');
      }
      if (!isUrl(item.url)) problem(`itemListElement[${i}].url`, 'required, an absolute URL');
    }
  },
  ListItem() {},
  Product(node, problem) {
    if (!present(node.name)) problem('name', 'required');
    const images = list(node.image).map((image) => (isNode(image) ? image.url : image));
    if (images.length === 0 || !images.every(isUrl)) problem('image', 'required, absolute URLs');
    if (!present(node.offers) && !present(node.aggregateRating) && !present(node.review)) {
      problem('offers', 'required: offers, aggregateRating or review');
    }
  },
  Offer(node, problem) {
    if (!availability.has(String(node.availability)))
      problem('availability', 'required, a schema.org ItemAvailability');
    if (present(node.price)) {
      if (!present(node.priceCurrency)) problem('priceCurrency', 'required when a price is given');
      if (!/^\d+(\.\d+)?$/.test(String(node.price))) problem('price', 'must be a number, with a point for decimals');
    }
  },
  AggregateRating(node, problem) {
    if (typeof node.ratingValue !== 'number' && !/^\d+(\.\d+)?$/.test(String(node.ratingValue ?? ''))) {
      problem('ratingValue', 'required, a number');
    }
    if (!present(node.ratingCount) && !present(node.reviewCount))
      problem('ratingCount', 'required: ratingCount or reviewCount');
  },
  Brand(node, problem) {
    if (!present(node.name)) problem('name', 'required');
  },
  ContactPoint(node, problem) {
    if (!present(node.telephone) && !present(node.email)) problem('telephone', 'required: telephone or email');
    if (!present(node.contactType)) problem('contactType', 'required');
  },
};

/** Every typed object in a block, its own checks and those of every typed object within it. */
function visit(value: unknown, where: string, problems: string[], top: boolean): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) visit(item, `${where}[${i}]`, problems, false);
    return;
  }
  if (!isNode(value)) return;
  const type = value['@type'];
  if (top && type === undefined) problems.push(`${where}: @type is required`);
  if (type !== undefined) {
    const check = typeof type === 'string' ? types[type] : undefined;
    if (!check) problems.push(`${where}: unknown @type ${JSON.stringify(type)}`);
    else check(value, (property, message) => problems.push(`${where}.${property}: ${message}`));
  }
  for (const [key, inner] of Object.entries(value)) {
    if (!key.startsWith('@')) visit(inner, `${where}.${key}`, problems, false);
  }
}

/** The problems of one JSON-LD block's text; an empty list for a block search engines can use. */
export function jsonLdProblems(text: string): string[] {
  let block: unknown;
  try {
    block = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${(error as Error).message}`];
  }
  const blocks = Array.isArray(block) ? block : [block];
  const problems: string[] = [];
  for (const [i, one] of blocks.entries()) {
    const name = isNode(one) && typeof one['@type'] === 'string' ? one['@type'] : `block[${i}]`;
    if (!isNode(one)) {
      problems.push(`${name}: must be an object`);
      continue;
    }
    if (one['@context'] !== 'https://schema.org') problems.push(`${name}.@context: must be https://schema.org`);
    visit(one, name, problems, true);
  }
  return problems;
}

/** The text of each `<script type="application/ld+json">` in an HTML document. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] as string,
  );
}
