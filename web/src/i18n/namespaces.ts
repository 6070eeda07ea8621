/** The i18next namespaces, one per area of the game's texts. */
export const NAMESPACES = ["shell", "pages", "names", "activity", "social"] as const;
