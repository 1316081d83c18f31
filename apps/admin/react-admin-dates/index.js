// The three date questions react-admin's guessers ask, answered as date-fns 3 answers them: is this a
// time, what time does this ISO 8601 text name, and is this text a date written in this format.
// README.md says what each reads.

const HOUR = 3_600_000;
const MINUTE = 60_000;

const invalid = () => new Date(Number.NaN);

function isLeapYear(year) {
  return year % 400 === 0 || (year % 4 === 0 && year % 100 !== 0);
}

function daysInMonth(year, month) {
  if (month === 1) return isLeapYear(year) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month];
}

/** A Date (or a number of milliseconds) that names a time; anything else, or an Invalid Date, is not. */
export function isValid(value) {
  const isDate = value instanceof Date || Object.prototype.toString.call(value) === '[object Date]';
  if (!isDate && typeof value !== 'number') return false;
  return !Number.isNaN(new Date(value).getTime());
}

// ISO 8601 ------------------------------------------------------------------------------------------

/** The text's date, time and zone parts; no date part when there are more than two halves. */
function isoParts(text) {
  const halves = text.split(/[T ]/);
  if (halves.length > 2) return {};
  // A text that starts with a time has no date, which parseISO requires.
  if (halves[0].includes(':')) return {};
  let date = halves[0];
  let time = halves[1];
  // A zone straight after the date: 2026-11-28Z.
  if (/[Z ]/i.test(date)) {
    date = text.split(/[Z ]/i)[0];
    time = text.slice(date.length);
  }
  if (!time) return { date };
  const zone = /([Z+-].*)$/.exec(time);
  return zone ? { date, time: time.replace(zone[1], ''), zone: zone[1] } : { date, time };
}

/** The year (or the century's first year) the date part starts with, and what follows it. */
function isoYear(date, additionalDigits) {
  const found = new RegExp(
    `^(?:(\\d{4}|[+-]\\d{${4 + additionalDigits}})|(\\d{2}|[+-]\\d{${2 + additionalDigits}})$)`,
  ).exec(date);
  if (!found) return null;
  const year = found[1] ? Number.parseInt(found[1], 10) : Number.parseInt(found[2], 10) * 100;
  return { year, rest: date.slice((found[1] ?? found[2]).length) };
}

/** Midnight UTC of the day the rest of the date part names in `year`: calendar, ordinal or week date. */
function isoDay(rest, year) {
  const found = /^-?(?:(\d{3})|(\d{2})(?:-?(\d{2}))?|W(\d{2})(?:-?(\d))?|)$/.exec(rest);
  if (!found) return invalid();
  const unit = (value) => (value ? Number.parseInt(value, 10) : 1);
  const [, ordinal, monthText, dayText, weekText, weekdayText] = found;
  const date = new Date(0);
  if (weekText) {
    const week = unit(weekText);
    const weekday = unit(weekdayText) - 1;
    if (week < 1 || week > 53 || weekday < 0 || weekday > 6) return invalid();
    // Week 1 is the week with 4 January in it; weeks start on Monday.
    date.setUTCFullYear(year, 0, 4);
    const fourthOfJanuary = date.getUTCDay() || 7;
    date.setUTCDate(date.getUTCDate() + (week - 1) * 7 + weekday + 1 - fourthOfJanuary);
    return date;
  }
  const dayOfYear = unit(ordinal);
  const month = unit(monthText) - 1;
  const day = unit(dayText);
  if (month < 0 || month > 11 || day < 1 || day > daysInMonth(year, month)) return invalid();
  if (dayOfYear < 1 || dayOfYear > (isLeapYear(year) ? 366 : 365)) return invalid();
  date.setUTCFullYear(year, month, Math.max(dayOfYear, day));
  return date;
}

/** Milliseconds since midnight that the time part names (NaN when it names none). */
function isoTime(time) {
  const found = /^(\d{2}(?:[.,]\d*)?)(?::?(\d{2}(?:[.,]\d*)?))?(?::?(\d{2}(?:[.,]\d*)?))?$/.exec(time);
  if (!found) return Number.NaN;
  const unit = (value) => (value && Number.parseFloat(value.replace(',', '.'))) || 0;
  const [hours, minutes, seconds] = [unit(found[1]), unit(found[2]), unit(found[3])];
  const valid =
    hours === 24
      ? minutes === 0 && seconds === 0
      : hours >= 0 && hours < 25 && minutes >= 0 && minutes < 60 && seconds >= 0 && seconds < 60;
  return valid ? hours * HOUR + minutes * MINUTE + seconds * 1000 : Number.NaN;
}

/** Milliseconds to add to the written time to reach UTC (NaN for minutes past 59). */
function isoZone(zone) {
  if (zone === 'Z') return 0;
  const found = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zone);
  if (!found) return 0;
  const hours = Number.parseInt(found[2], 10);
  const minutes = found[3] ? Number.parseInt(found[3], 10) : 0;
  if (minutes > 59) return Number.NaN;
  return (found[1] === '+' ? -1 : 1) * (hours * HOUR + minutes * MINUTE);
}

/** The time an ISO 8601 text names: in its zone when it has one, local time when not. */
export function parseISO(text, options) {
  if (typeof text !== 'string') return invalid();
  const parts = isoParts(text);
  const year = parts.date === undefined ? null : isoYear(parts.date, options?.additionalDigits ?? 2);
  if (!year) return invalid();
  const day = isoDay(year.rest, year.year);
  if (Number.isNaN(day.getTime())) return invalid();
  const time = parts.time ? isoTime(parts.time) : 0;
  if (Number.isNaN(time)) return invalid();
  if (parts.zone) {
    const offset = isoZone(parts.zone);
    return Number.isNaN(offset) ? invalid() : new Date(day.getTime() + time + offset);
  }
  // No zone: the same wall-clock time in the local zone.
  const written = new Date(day.getTime() + time);
  const local = new Date(0);
  local.setFullYear(written.getUTCFullYear(), written.getUTCMonth(), written.getUTCDate());
  local.setHours(written.getUTCHours(), written.getUTCMinutes(), written.getUTCSeconds(), written.getUTCMilliseconds());
  return local;
}

// Formats -------------------------------------------------------------------------------------------

/** Up to `count` digits at the start of the text. */
const digits = (count) => new RegExp(`^\\d{1,${count}}`);

/** Where a year of two digits lands: the century that puts it within 50 years of `currentYear`. */
function fullYear(twoDigits, currentYear) {
  if (currentYear <= 50) return twoDigits || 100;
  const rangeEnd = currentYear + 50;
  const century = Math.trunc(rangeEnd / 100) * 100;
  return twoDigits + century - (twoDigits >= rangeEnd % 100 ? 100 : 0);
}

/**
 * The numeric tokens, by letter: what a token of that length reads, whether the value is possible on
 * the date built so far, and how it sets it. Units are applied largest first, as date-fns does, so a
 * day is checked against its own month and year.
 */
const units = {
  y: {
    order: 0,
    read: (token) => digits(token === 'y' ? 4 : token.length),
    valid: (value, token) => token === 'yy' || value > 0,
    set: (date, value, token) => {
      date.setFullYear(token === 'yy' ? fullYear(value, date.getFullYear()) : value, 0, 1);
      date.setHours(0, 0, 0, 0);
    },
  },
  M: {
    order: 1,
    read: (token) => (token === 'M' ? /^(1[0-2]|0?\d)/ : token === 'MM' ? digits(2) : null),
    valid: (value) => value >= 1 && value <= 12,
    set: (date, value) => {
      date.setMonth(value - 1, 1);
      date.setHours(0, 0, 0, 0);
    },
  },
  d: {
    order: 2,
    read: (token) => (token === 'd' ? /^(3[0-1]|[0-2]?\d)/ : digits(token.length)),
    valid: (value, _token, date) => value >= 1 && value <= daysInMonth(date.getFullYear(), date.getMonth()),
    set: (date, value) => {
      date.setDate(value);
      date.setHours(0, 0, 0, 0);
    },
  },
  H: {
    order: 3,
    read: (token) => (token === 'H' ? /^(2[0-3]|[0-1]?\d)/ : digits(token.length)),
    valid: (value) => value >= 0 && value <= 23,
    set: (date, value) => date.setHours(value, 0, 0, 0),
  },
  m: {
    order: 4,
    read: (token) => (token === 'm' ? /^[0-5]?\d/ : digits(token.length)),
    valid: (value) => value >= 0 && value <= 59,
    set: (date, value) => date.setMinutes(value, 0, 0),
  },
  s: {
    order: 5,
    read: (token) => (token === 's' ? /^[0-5]?\d/ : digits(token.length)),
    valid: (value) => value >= 0 && value <= 59,
    set: (date, value) => date.setSeconds(value, 0),
  },
};

/** The date `text` names when written in `format`, from `reference` for what the format leaves out. */
function parse(text, format, reference) {
  const start = new Date(reference.getTime());
  if (!format) return text ? invalid() : start;
  let rest = text;
  const values = [];
  for (const found of format.matchAll(/(\w)\1*|''|'(''|[^'])+('|$)|./g)) {
    const token = found[0];
    const unit = units[token[0]];
    const pattern = unit?.read(token);
    if (pattern) {
      if (values.some((earlier) => earlier.unit === unit))
        throw new RangeError(`The format string mustn't contain \`${token}\` twice`);
      const read = pattern.exec(rest);
      if (!read) return invalid();
      values.push({ unit, token, value: Number.parseInt(read[0], 10) });
      rest = rest.slice(read[0].length);
      continue;
    }
    if (/[a-zA-Z]/.test(token[0]))
      throw new RangeError(`Format string contains \`${token}\`, which is not read here (only y, M, MM, d, H, m, s)`);
    const literal = token === "''" ? "'" : token[0] === "'" ? token.replace(/^'|'$/g, '').replace(/''/g, "'") : token;
    if (!rest.startsWith(literal)) return invalid();
    rest = rest.slice(literal.length);
  }
  if (/\S/.test(rest)) return invalid();
  const date = start;
  for (const { unit, token, value } of values.sort((a, b) => a.unit.order - b.unit.order)) {
    if (!unit.valid(value, token, date)) return invalid();
    unit.set(date, value, token);
  }
  return date;
}

/** Whether `text` is a valid date written in `format` (numeric tokens and literal text). */
export function isMatch(text, format) {
  return isValid(parse(text, format, new Date()));
}
