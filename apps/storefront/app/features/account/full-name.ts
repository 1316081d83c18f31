/**
 * The profile shows one "full name" field; saving splits it on the first space into the first and
 * last name (spec section 5), so "Анна Марія Коваль" keeps "Марія Коваль" as the last name.
 */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const trimmed = fullName.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { first_name: trimmed, last_name: '' };
  return { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1).trim() };
}

export function joinFullName(profile: { first_name: string; last_name: string }): string {
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ');
}
