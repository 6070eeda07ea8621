import { describe, expect, it } from "vitest";
import { GUEST_USERNAME } from "../../data/constants.ts";
import { hashSeed } from "../state/newPlayer.ts";
import { labelMembers, labelText, shownName } from "./memberLabels.ts";

const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe("labelMembers", () => {
  it("shows each distinct name as it is, with its initial and no tag", () => {
    const labels = labelMembers(
      [
        { discordId: "111", username: "Alice" },
        { discordId: "222", username: "bob" },
      ],
      "Guest Sprout",
    );
    expect(labels.map((l) => [l.name, l.tag, l.face])).toEqual([
      ["Alice", null, "A"],
      ["bob", null, "B"],
    ]);
    expect(labelText(labels[0]!)).toBe("Alice");
  });

  it("tells two guests who kept the default name apart by a tag from the id, a face and a colour", () => {
    const labels = labelMembers(
      [
        { discordId: "guest-aaaa", username: GUEST_USERNAME },
        { discordId: "guest-bbbb", username: GUEST_USERNAME },
        { discordId: "333", username: "Carol" },
      ],
      "Pousse invitée",
    );
    const [a, b, c] = labels;
    expect(a!.name).toBe("Pousse invitée");
    expect(a!.tag).toMatch(/^#[0-9a-f]{4}$/);
    expect(b!.tag).toMatch(/^#[0-9a-f]{4}$/);
    expect(a!.tag).not.toBe(b!.tag);
    expect(a!.face).not.toBe(b!.face);
    expect(a!.face).toMatch(/^P[0-9A-F]$/);
    expect(a!.tag!.toUpperCase()).toContain(a!.face.charAt(1));
    expect(labelText(a!)).toBe(`Pousse invitée ${a!.tag}`);
    expect(c!.tag).toBeNull();
    for (const [x, y] of [
      [a!, b!],
      [a!, c!],
      [b!, c!],
    ] as const)
      expect(hueGap(x.hue, y.hue)).toBeGreaterThanOrEqual(60);
  });

  it("names that differ only by case or spaces collide; a tag is the same whatever the reader's language", () => {
    const members = [
      { discordId: "guest-1", username: "Sam" },
      { discordId: "guest-2", username: " sam " },
    ];
    const en = labelMembers(members, "Guest Sprout");
    expect(en.every((l) => l.tag !== null)).toBe(true);
    expect(labelMembers(members, "Pousse invitée").map((l) => l.tag)).toEqual(en.map((l) => l.tag));
  });

  it("a member's tag and hue follow its id, not who joined first", () => {
    const a = { discordId: "guest-x", username: GUEST_USERNAME };
    const b = { discordId: "guest-y", username: GUEST_USERNAME };
    const one = labelMembers([a, b], "Guest Sprout");
    const two = labelMembers([b, a], "Guest Sprout");
    expect(two.map((l) => [l.discordId, l.tag, l.hue])).toEqual(
      [one[1], one[0]].map((l) => [l!.discordId, l!.tag, l!.hue]),
    );
  });

  it("shows the stored default guest name in the reader's language, and any chosen name as it is", () => {
    expect(shownName(GUEST_USERNAME, "Pousse invitée")).toBe("Pousse invitée");
    expect(shownName("Guest sprout", "Pousse invitée")).toBe("Guest sprout");
  });

  it("gives each of several members of one name its own face, even when their tags start alike", () => {
    const members = Array.from({ length: 6 }, (_, i) => ({ discordId: `guest-${i}`, username: "Kim" }));
    const labels = labelMembers(members, "Guest Sprout");
    expect(new Set(labels.map((l) => l.face)).size).toBe(6);
    for (const l of labels) expect(l.tag!.toUpperCase()).toContain(l.face.charAt(1));
  });

  it("keeps the hues of a party of four a sixth of the wheel apart, and spreads a bigger room's", () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ discordId: `guest-${i}`, username: "Kim" }));
    const hues = labelMembers(four, "Guest Sprout").map((l) => l.hue);
    for (let i = 0; i < hues.length; i++)
      for (let j = i + 1; j < hues.length; j++) expect(hueGap(hues[i]!, hues[j]!)).toBeGreaterThanOrEqual(60);
    const ten = Array.from({ length: 10 }, (_, i) => ({ discordId: `guest-${i}`, username: "Kim" }));
    const spread = labelMembers(ten, "Guest Sprout").map((l) => l.hue);
    for (let i = 0; i < spread.length; i++)
      for (let j = i + 1; j < spread.length; j++)
        expect(hueGap(spread[i]!, spread[j]!)).toBeGreaterThanOrEqual(15);
  });

  it("a name's initial is its first letter past any spaces, or ? for a blank name", () => {
    const labels = labelMembers(
      [
        { discordId: "1", username: " sam" },
        { discordId: "2", username: "   " },
      ],
      "Guest Sprout",
    );
    expect(labels.map((l) => l.face)).toEqual(["S", "?"]);
  });

  it("compares names in lower case: Straße and STRASSE are two names", () => {
    const labels = labelMembers(
      [
        { discordId: "1", username: "Straße" },
        { discordId: "2", username: "STRASSE" },
      ],
      "Guest Sprout",
    );
    expect(labels.map((l) => l.tag)).toEqual([null, null]);
  });

  it("a tag is four hex digits of the id's hash, all eight when another member's four are the same", () => {
    const hex = (id: string) => hashSeed(id).toString(16).padStart(8, "0");
    const ids = Array.from({ length: 3000 }, (_, i) => `guest-${i}`);
    const seen = new Map<string, string>();
    let pair: [string, string] | null = null;
    for (const id of ids) {
      const short = hex(id).slice(0, 4);
      const other = seen.get(short);
      if (other) {
        pair = [other, id];
        break;
      }
      seen.set(short, id);
    }
    if (!pair) throw new Error("no two ids share four hex digits");
    const [x, y] = pair;
    const clash = labelMembers(
      [
        { discordId: x, username: "Kim" },
        { discordId: y, username: "Kim" },
      ],
      "Guest Sprout",
    );
    expect(clash.map((l) => l.tag)).toEqual([`#${hex(x)}`, `#${hex(y)}`]);
    const small = ids.find((id) => hashSeed(id) < 0x10000000)!;
    const plain = labelMembers(
      [
        { discordId: small, username: "Kim" },
        { discordId: x, username: "Kim" },
      ],
      "Guest Sprout",
    );
    expect(plain[0]!.tag).toBe(`#${hex(small).slice(0, 4)}`);
    expect(plain[0]!.tag!.charAt(1)).toBe("0");
  });

  it("faces and hues follow the ids whatever the order of the members; a lone member's hue is its id's", () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ discordId: `guest-${i * 7}`, username: "Kim" }));
    const byId = (list: ReturnType<typeof labelMembers>) =>
      Object.fromEntries(list.map((l) => [l.discordId, [l.face, l.hue]]));
    const forward = byId(labelMembers(six, "Guest Sprout"));
    expect(byId(labelMembers([...six].reverse(), "Guest Sprout"))).toEqual(forward);
    expect(
      byId(labelMembers([six[2]!, six[0]!, six[5]!, six[1]!, six[4]!, six[3]!], "Guest Sprout")),
    ).toEqual(forward);
    expect(labelMembers([six[0]!], "Guest Sprout")[0]!.hue).toBe(hashSeed(six[0]!.discordId) % 360);
  });

  it("a room of ten in two names: each name's faces apart, and every hue as its ids place it", () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({
      discordId: `guest-${i}`,
      username: i % 2 ? "Kim" : "Ann",
    }));
    const faceAndHue = (list: ReturnType<typeof labelMembers>) =>
      Object.fromEntries(list.map((l) => [l.discordId, [l.face, l.hue]]));
    const expected = {
      "guest-0": ["AD", 166],
      "guest-1": ["KD", 345],
      "guest-2": ["AC", 82],
      "guest-3": ["KC", 261],
      "guest-4": ["A4", 213],
      "guest-5": ["K5", 32],
      "guest-6": ["A2", 301],
      "guest-7": ["K3", 120],
      "guest-8": ["A8", 190],
      "guest-9": ["K9", 9],
    };
    expect(faceAndHue(labelMembers(ten, "Guest Sprout"))).toEqual(expected);
    expect(faceAndHue(labelMembers([...ten].reverse(), "Guest Sprout"))).toEqual(expected);
  });

  it("tags starting alike: the lowest id keeps the first digit, whatever the order the members come in", () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ discordId: `guest-${i}`, username: "Kim" }));
    const faces = labelMembers([...six].reverse(), "Guest Sprout").map((l) => [l.discordId, l.tag, l.face]);
    expect(faces).toEqual([
      ["guest-5", "#d599", "K5"],
      ["guest-4", "#d499", "K4"],
      ["guest-3", "#cf99", "KF"],
      ["guest-2", "#ce99", "KC"],
      ["guest-1", "#d199", "K1"],
      ["guest-0", "#d099", "KD"],
    ]);
  });

  it("a room of eleven, where no hue clears the others by 60 degrees, takes the farthest of its tries; 60 exactly is clear", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ discordId: `guest-${i}`, username: "Kim" }));
    expect(labelMembers(eleven, "Guest Sprout").map((l) => l.hue)).toEqual([
      166, 345, 82, 293, 41, 118, 215, 15, 190, 318, 245,
    ]);
    // 60 degrees apart exactly is apart enough: the second keeps its own hue
    const pair = ["guest-0", "guest-44"].map((discordId) => ({ discordId, username: "Kim" }));
    expect(labelMembers(pair, "Guest Sprout").map((l) => l.hue)).toEqual([166, 106]);
  });
});
