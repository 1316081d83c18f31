/** What every back-office operation says of itself in /api/docs. */
export const adminRoute = (area: string) => ({ tags: [`admin: ${area}`], security: [{ bearer: [] }] });
