export { ItemIcon } from "./ItemIcon.tsx";
export { itemShape } from "./itemShapes.ts";
export { LocationIcon } from "./LocationIcon.tsx";
export { BossIcon, MonsterIcon } from "./MonsterIcon.tsx";
export { SkillIcon } from "./SkillIcon.tsx";
export type { IconProps } from "./Svg.tsx";
export * from "./ui.tsx";
