import type { ApiDocument, ShopFacts } from './fuzz-requests.ts';

/** The staff superuser the fuzz signs in as (made with `create-admin` before the server starts). */
export const fuzzAdmin = { email: 'fuzz-admin@example.com', password: 'fuzz-admin-pw-1' };

interface Category {
  slug: string;
  subcategories: Category[];
}

interface ListedProduct {
  id: number;
  slug: string;
  sizes: { id: number }[];
  colors: { id: number }[];
}

/**
 * Reads what exists in the shop through its API (categories, products, delivery refs), and signs in a
 * new shopper and the staff superuser, so that generated requests reach past "not found" and the
 * guards into the code behind them.
 */
export async function learnShop(url: string): Promise<{ document: ApiDocument; shop: ShopFacts }> {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await fetch(url + path, init);
    if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const post = <T>(path: string, body: object) =>
    json<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const document = await json<ApiDocument>('/api/docs');
  const tree = await json<{ results: Category[] }>('/api/categories/');
  const categories: string[] = [];
  const walk = (nodes: Category[]) => {
    for (const node of nodes) {
      categories.push(node.slug);
      walk(node.subcategories);
    }
  };
  walk(tree.results);
  const products = (await json<{ results: { products: ListedProduct[] } }>('/api/products?limit=100')).results.products;
  const cities = (
    await json<{ cities: { ref: string }[] }>(`/api/novaposhta/cities/?search=${encodeURIComponent('Київ')}`)
  ).cities;
  const branches = cities[0]
    ? (await json<{ warehouses: { ref: string }[] }>(`/api/novaposhta/warehouses/?city_ref=${cities[0].ref}`))
        .warehouses
    : [];

  const stamp = Date.now().toString(36);
  const shopper = { email: `fuzz-${stamp}@example.com`, password: `fuzz-pw-${stamp}` };
  await post('/api/register/', {
    first_name: 'Олена',
    last_name: 'Коваль',
    email: shopper.email,
    telephone: `+38067${String(Date.now()).slice(-7)}`,
    password: shopper.password,
    password2: shopper.password,
  });
  const signedIn = await post<{ access: string; refresh: string }>('/api/login/', {
    email_or_phone: shopper.email,
    password: shopper.password,
  });
  const admin = await post<{ access: string }>('/api/login/', {
    email_or_phone: fuzzAdmin.email,
    password: fuzzAdmin.password,
  });

  const line = (p: ListedProduct) => ({
    product: p.id,
    quantity: 1,
    size: p.sizes[0]?.id ?? null,
    color: p.colors[0]?.id ?? null,
    price: '1.00',
  });
  const order = (p: ListedProduct, payment: string) => ({
    first_name: 'Олена',
    last_name: 'Коваль',
    email: `fuzz-buyer-${p.id}@example.com`,
    phone_number: '+380671234567',
    payment_method: payment,
    delivery_type: 'branch',
    shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
    need_call_back: false,
    description: '',
    items: [line(p)],
    amount: 0,
    isChecked: false,
    isAgreement: true,
  });
  const some = products.slice(0, 5);
  return {
    document,
    shop: {
      categories,
      slugs: products.map((p) => p.slug),
      tokens: [signedIn.access, signedIn.refresh, admin.access],
      known: {
        product: products.map((p) => p.id),
        product_id: products.map((p) => p.id),
        slug: products.map((p) => p.slug),
        size: products.flatMap((p) => p.sizes.map((s) => s.id)),
        color: products.flatMap((p) => p.colors.map((c) => c.id)),
        city_ref: cities.map((c) => c.ref),
        branch_ref: branches.map((b) => b.ref),
        isAgreement: [true],
      },
      examples: {
        'post /api/orders/': some.map((p) => order(p, 'cash')),
        'post /api/create-monobank-invoice/': some.map((p) => order(p, 'card')),
        'post /api/login/': [{ email_or_phone: shopper.email, password: shopper.password }],
        'post /api/password-reset-request/': [{ email: shopper.email, lng: 'uk' }],
        'post /api/wishlist/': some.map((p) => ({ product_id: p.id })),
        'post /api/rate-product/': some.map((p) => ({ product_id: p.id, rating: 5 })),
      },
    },
  };
}
