import { describe, expect, it } from 'vitest';
import type { Block, Text, TextDocument } from '../legal-document';
import { about as ruAbout } from './ru/about';
import { conf as ruConf } from './ru/conf';
import { delivery as ruDelivery } from './ru/delivery';
import { oferta as ruOferta } from './ru/oferta';
import { returnTerms as ruReturn } from './ru/return';
import { about as ukAbout } from './uk/about';
import { conf as ukConf } from './uk/conf';
import { delivery as ukDelivery } from './uk/delivery';
import { oferta as ukOferta } from './uk/oferta';
import { returnTerms as ukReturn } from './uk/return';

const pairs = {
  oferta: [ukOferta, ruOferta],
  conf: [ukConf, ruConf],
  return: [ukReturn, ruReturn],
  delivery: [ukDelivery, ruDelivery],
  about: [ukAbout, ruAbout],
} as const;

const plain = (text: Text): string =>
  typeof text === 'string'
    ? text
    : text.map((part) => (typeof part === 'string' ? part : 'strong' in part ? part.strong : part.text)).join('');

function blockText(block: Block): string {
  if ('h3' in block) return block.h3;
  if ('p' in block) return plain(block.p);
  if ('n' in block) return [block.n, plain(block.text), ...(block.items ?? []).map(plain)].join('\n');
  return [block.lead ? plain(block.lead) : '', ...block.list.map(plain)].join('\n');
}

/** The whole text of a document, for looking up its terms. */
const fullText = (doc: TextDocument) =>
  [
    doc.title,
    ...doc.intro.map(blockText),
    ...doc.sections.flatMap((s) => [s.heading, ...s.blocks.map(blockText)]),
  ].join('\n');

const clauses = (doc: TextDocument) => doc.sections.flatMap((s) => s.blocks.flatMap((b) => ('n' in b ? [b.n] : [])));
const links = (doc: TextDocument) =>
  JSON.stringify(doc)
    .match(/"(to|href)":"[^"]+"/g)
    ?.sort();

describe('the text pages', () => {
  it.each(Object.entries(pairs))(
    '%s has the same sections, clauses and links in Ukrainian and Russian',
    (_, [uk, ru]) => {
      expect(ru.sections.map((s) => s.id)).toEqual(uk.sections.map((s) => s.id));
      expect(ru.sections.map((s) => s.blocks.length)).toEqual(uk.sections.map((s) => s.blocks.length));
      expect(clauses(ru)).toEqual(clauses(uk));
      expect(links(ru)).toEqual(links(uk));
      expect(ru.sections.map((s) => s.image?.src)).toEqual(uk.sections.map((s) => s.image?.src));
    },
  );

  it('number the offer’s clauses in order, through 5.3 to 10.6', () => {
    const numbers = clauses(ukOferta);
    expect(numbers).toContain('5.3');
    expect(numbers.at(-1)).toBe('10.6');
    const asPairs = numbers.map((n) => n.split('.').map(Number));
    asPairs.slice(1).forEach(([section = 0, clause = 0], i) => {
      const [prevSection = 0, prevClause = 0] = asPairs[i] ?? [];
      const next = section === prevSection ? clause === prevClause + 1 : section === prevSection + 1 && clause === 1;
      expect(next, `${prevSection}.${prevClause} → ${section}.${clause}`).toBe(true);
    });
  });

  it('name the offer’s order buttons as the shop labels them', () => {
    const text = fullText(ukOferta);
    for (const button of ['«У корзину»', '«Перейти в корзину»', '«Оформити Замовлення»', '«Продовжити»']) {
      expect(text).toContain(button);
    }
    expect(ukOferta.title).toBe('Договір оферти');
  });

  it('carry the terms of the spec', () => {
    const oferta = fullText(ukOferta);
    for (const term of [
      '18 років',
      '50 000 грн',
      '14 днів',
      '7 днів',
      '10 робочих днів',
      '30 днів',
      '5 робочих днів',
      '3 календарних днів',
      '1–3 робочих днів',
      'від 2 тижнів до 36 місяців',
      '7 робочих днів',
      '20 днів',
      '20 календарних днів',
      '1–2 рази на тиждень',
      '№ 172',
      'лише українською мовою',
      'електронною поштою, SMS або в месенджері',
    ]) {
      expect(oferta, term).toContain(term);
    }
    const conf = fullText(ukConf);
    for (const term of [
      '50 років',
      '1–2 рази на тиждень',
      'посиланням унизу кожного листа',
      'Зміна персональних даних',
    ]) {
      expect(conf, term).toContain(term);
    }
    const returns = fullText(ukReturn);
    expect(ukReturn.title).toBe('Умови повернення товару');
    for (const term of [
      '14 днів',
      '7 днів',
      '10 робочих днів',
      '30 днів',
      'постановою Кабінету Міністрів України від 19 березня 1994 року № 172',
      'лише українською мовою',
      'оригінальну неушкоджену упаковку',
      'сліди використання',
      'сліди стороннього втручання',
      'неповної комплектації',
      'оплачує Продавець',
      'готівкою неможливе',
    ]) {
      expect(returns, term).toContain(term);
    }
  });

  it('describe delivery and payment with the spec’s timings and every way to pay', () => {
    const text = fullText(ukDelivery);
    for (const term of ['1–3 робочих днів', '5 робочих днів', 'не більше 30 днів', 'Одеса', 'Кур’єром']) {
      expect(text, term).toContain(term);
    }
    for (const way of ['Під час отримання', 'Карткою онлайн', 'Передоплата на рахунок', '«За домовленістю»']) {
      expect(text, way).toContain(way);
    }
    expect(ukDelivery.sections.filter((s) => s.image).map((s) => s.image?.src)).toEqual([
      '/images/delivery-banner.svg',
      '/images/payment-banner.svg',
    ]);
  });
});
