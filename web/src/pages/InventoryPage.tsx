import {
  CHARACTER_STYLE,
  CHARACTERS,
  COMBAT_STYLES,
  type CombatStyle,
  EQUIPMENT_SLOTS,
  type InventoryEntry,
  ITEMS,
  inventoryCapacity,
} from "@pickle-garden/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { chooseCharacter, equip, unequip } from "../calls/equipActions.ts";
import { formatNumber } from "../format.ts";
import { affixText, itemDescription, itemName } from "../i18n/names.ts";
import { inventoryUsed } from "../stores/derived.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { BuySlot } from "./inventory/BuySlot.tsx";
import { StackActions } from "./inventory/StackActions.tsx";
import { ItemPic, LockGlyph } from "./ui/icons.tsx";
import "./pages.css";

/**
 * /inventory — stacks with used/total, equip buttons, a chosen stack to sell or discard, equipment per
 * class (seven slots), the active character.
 */
export default function InventoryPage() {
  const { t } = useTranslation("pages");
  const inventory = usePlayer((p) => p.inventory);
  const capacity = usePlayer((p) => inventoryCapacity(p));
  const [selected, setSelected] = useState<number | null>(null);
  if (!inventory || capacity === undefined) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  const used = inventoryUsed({ inventory });
  const chosen = selected === null ? undefined : inventory[selected];
  const chosenEntry = chosen && chosen.id !== -1 && chosen.stack > 0 ? chosen : null;
  const cells: (InventoryEntry | null)[] = Array.from(
    { length: Math.max(capacity, inventory.length) },
    (_, i) => inventory[i] ?? null,
  );
  return (
    <div className="pg-page" data-testid="inventory-page">
      <header className="pg-page__header">
        <h1>{t("inventory.title")}</h1>
        <p className="pg-chip" data-testid="inventory-used">
          {t("inventory.used", { used, total: capacity })}
        </p>
      </header>
      <BuySlot />
      {used >= capacity ? (
        <p role="status" className="pg-alert pg-alert--warning" data-testid="inventory-full">
          {t("inventory.fullHint")}
        </p>
      ) : null}
      <CharacterChooser />
      <ul className="pg-inv" aria-label={t("inventory.title")} data-testid="inventory-grid">
        {cells.map((entry, index) => (
          <InventoryCell
            // biome-ignore lint/suspicious/noArrayIndexKey: inventory slots are positions
            key={index}
            entry={entry}
            index={index}
            selected={selected === index && chosenEntry !== null}
            onSelect={() => setSelected(selected === index ? null : index)}
          />
        ))}
      </ul>
      {chosenEntry && selected !== null ? (
        <StackActions index={selected} entry={chosenEntry} onDone={() => setSelected(null)} />
      ) : (
        <p className="pg-muted">{t("inventory.selectHint")}</p>
      )}
      <Equipment />
    </div>
  );
}

function InventoryCell({
  entry,
  index,
  selected,
  onSelect,
}: {
  entry: InventoryEntry | null;
  index: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation("pages");
  const [busy, setBusy] = useState(false);
  if (!entry || entry.id === -1 || entry.stack <= 0) {
    return (
      <li className="pg-inv__cell pg-inv__cell--empty">
        <span className="pg-visually-hidden">{t("inventory.empty")}</span>
      </li>
    );
  }
  const item = ITEMS[entry.id];
  const name = itemName(entry.id);
  const gear =
    item?.equipmentslot && item.gearClass ? { slot: item.equipmentslot, style: item.gearClass } : null;
  return (
    <li
      className={`pg-inv__cell${selected ? " is-selected" : ""}`}
      data-testid={`inv-${index}`}
      data-item-id={entry.id}
      title={itemDescription(entry.id)}
    >
      <button
        type="button"
        className="pg-inv__pick"
        aria-pressed={selected}
        data-testid={`inv-pick-${index}`}
        onClick={onSelect}
      >
        <span className="pg-visually-hidden">{t("inventory.select")} </span>
        <ItemPic id={entry.id} size={40} />
        <span className="pg-inv__name">{name}</span>
        <span className="pg-inv__stack" data-testid={`inv-stack-${index}`} data-stack={entry.stack}>
          {t("inventory.stack", { n: formatNumber(entry.stack) })}
        </span>
      </button>
      {entry.affixes && entry.affixes.length > 0 ? (
        <span className="pg-inv__affix" title={entry.affixes.map((a) => affixText(a.id)).join(", ")}>
          ✦{entry.affixes.length}
        </span>
      ) : null}
      {gear ? (
        <button
          type="button"
          className="pg-btn pg-btn--small"
          aria-label={t("inventory.equipItem", { item: name })}
          data-testid={`equip-${index}`}
          data-tour={`equip-${gear.style}`}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await equip(gear.style, gear.slot, index);
            setBusy(false);
          }}
        >
          {t("inventory.equip")}
        </button>
      ) : null}
    </li>
  );
}

function CharacterChooser() {
  const { t } = useTranslation("pages");
  const active = usePlayer((p) => p.activeCharacter);
  const flags = usePlayer((p) => p.featureFlags);
  return (
    <fieldset className="pg-card pg-chars" data-testid="character-chooser">
      <legend className="pg-card__title">{t("inventory.character")}</legend>
      <p className="pg-muted">{t("inventory.characterHint")}</p>
      <div className="pg-chars__list" role="radiogroup" aria-label={t("inventory.character")}>
        {CHARACTERS.map((c) => {
          const style = CHARACTER_STYLE[c];
          const locked = !!style && !flags?.[style];
          return (
            // biome-ignore lint/a11y/useSemanticElements: a radio-like button group reads better than inputs here
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={active === c}
              className={`pg-btn pg-char${active === c ? " is-active" : ""}`}
              disabled={locked}
              data-testid={`character-${c}`}
              data-tour={`character-${c}`}
              onClick={() => void chooseCharacter(c)}
            >
              {t(`inventory.characters.${c}`)}
              {locked ? <LockGlyph /> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function Equipment() {
  const { t } = useTranslation("pages");
  const active = usePlayer((p) => CHARACTER_STYLE[p.activeCharacter]);
  const [tab, setTab] = useState<CombatStyle>(active ?? "melee");
  return (
    <section className="pg-card" aria-labelledby="equipment-title" data-testid="equipment">
      <h2 id="equipment-title" className="pg-card__title">
        {t("inventory.equipment")}
      </h2>
      <div className="pg-tabs" role="tablist" aria-label={t("inventory.equipment")}>
        {COMBAT_STYLES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`eq-tab-${s}`}
            aria-selected={tab === s}
            aria-controls={`eq-panel-${s}`}
            className={`pg-tab${tab === s ? " is-active" : ""}`}
            onClick={() => setTab(s)}
          >
            {t(`inventory.classes.${s}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`eq-panel-${tab}`} aria-labelledby={`eq-tab-${tab}`}>
        <Loadout style={tab} />
      </div>
    </section>
  );
}

function Loadout({ style }: { style: CombatStyle }) {
  const { t } = useTranslation("pages");
  const loadout = usePlayer((p) => p.equipmentSlots[style]);
  return (
    <ul className="pg-loadout" data-testid={`loadout-${style}`}>
      {EQUIPMENT_SLOTS.map((slot) => {
        const piece = loadout?.[slot] ?? null;
        const name = piece ? itemName(piece.id) : null;
        return (
          <li
            key={slot}
            className={`pg-loadout__slot${piece ? " is-filled" : ""}`}
            data-testid={`slot-${style}-${slot}`}
          >
            <span className="pg-label">{t(`inventory.slots.${slot}`)}</span>
            {piece ? (
              <>
                <ItemPic id={piece.id} size={32} />
                <span className="pg-loadout__name">{name}</span>
                <button
                  type="button"
                  className="pg-btn pg-btn--small pg-btn--ghost"
                  aria-label={t("inventory.unequipItem", { item: name, slot: t(`inventory.slots.${slot}`) })}
                  onClick={() => void unequip(style, slot)}
                >
                  {t("inventory.unequip")}
                </button>
              </>
            ) : (
              <span className="pg-muted">{t("inventory.emptySlot")}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
