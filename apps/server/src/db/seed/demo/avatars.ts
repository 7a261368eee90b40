import { createAvatar } from '@dicebear/core';
import type * as Collection from '@dicebear/collection';
import type { Rng } from './random.js';

/**
 * Portrait avatars for the demo members, drawn locally with DiceBear. Only styles whose licence
 * needs no attribution are used (lorelei, notionists and open-peeps are CC0; avataaars is free
 * for personal and commercial use). Each member gets one style and fixed features (hair, skin,
 * beard), so their photos look like the same person; the expression, clothes and background
 * change from photo to photo.
 */

export type Gender = 'male' | 'female';

type Styles = Pick<typeof Collection, 'avataaars' | 'lorelei' | 'notionists' | 'openPeeps'>;

let styles: Styles | null = null;

/**
 * Loads the drawing styles. Only drawing a photo needs them, and the collection costs about
 * 25 MB and half a second to load, so a start on a seeded database never loads it.
 */
export async function loadAvatarStyles(): Promise<void> {
  styles ??= await import('@dicebear/collection');
}

function style(): Styles {
  if (!styles) throw new Error('loadAvatarStyles() must finish before a photo is drawn');
  return styles;
}

/** Draws one photo of a member: the same person, a new seed and a new background. */
export type AvatarPainter = (photoSeed: string, background: Background) => string;

export interface Background {
  colors: [string, string];
  rotation: number;
  gradient: boolean;
}

/** Side length of the drawn SVG; the main photo variant is rendered from it at this size. */
export const AVATAR_SIZE = 800;

/** Soft, warm pairs that flatter the portraits; the last two echo the site's gold-brown theme. */
const BACKGROUND_PAIRS: readonly [string, string][] = [
  ['ffd1dc', 'ffe5b4'],
  ['c9e4de', 'faedcb'],
  ['a1c4fd', 'c2e9fb'],
  ['e0c3fc', '8ec5fc'],
  ['fbc2eb', 'a6c1ee'],
  ['fdcbf1', 'e6dee9'],
  ['ffecd2', 'fcb69f'],
  ['d4fc79', '96e6a1'],
  ['f6d365', 'fda085'],
  ['84fab0', '8fd3f4'],
  ['f5efe6', 'e8dfca'],
  ['e6c79c', 'f3e1c7'],
];

export function pickBackground(rng: Rng): Background {
  const [a, b] = rng.pick(BACKGROUND_PAIRS);
  // A gradient costs about half as much again to rasterise as a flat colour, so a third get one.
  return { colors: rng.chance(0.5) ? [a, b] : [b, a], rotation: rng.int(0, 359), gradient: rng.chance(0.35) };
}

function backgroundOptions(background: Background) {
  return {
    backgroundColor: background.gradient ? [...background.colors] : [background.colors[0]],
    backgroundType: [background.gradient ? ('gradientLinear' as const) : ('solid' as const)],
    backgroundRotation: [background.rotation],
    size: AVATAR_SIZE,
    // Clipping adds an SVG mask, which makes rasterising noticeably slower and changes nothing
    // on a square, borderless image.
    clip: false,
  };
}

const NATURAL_HAIR = ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370', 'ecdcbf', 'c93305'];
const GREY_HAIR = ['e8e1e1', 'b8b8b8', '9e9e9e'];

/** Hair colour: members past their mid-fifties are often grey. */
function hairColor(rng: Rng, age: number): string {
  return age >= 55 && rng.chance(0.6) ? rng.pick(GREY_HAIR) : rng.pick(NATURAL_HAIR);
}

type Look = (gender: Gender, age: number, rng: Rng) => AvatarPainter;

/** The options type of a DiceBear style, to name its part variants. */
type OptionsOf<S extends { create: (props: never) => unknown }> = NonNullable<
  Parameters<S['create']>[0] extends { options: infer O } ? O : never
>;
type LoreleiOptions = OptionsOf<Styles['lorelei']>;
type NotionistsOptions = OptionsOf<Styles['notionists']>;

/** 'variant01'-style part names from their numbers, typed as the style's own names. */
function variants<V extends string>(numbers: readonly number[]): V[] {
  return numbers.map((n) => `variant${String(n).padStart(2, '0')}` as V);
}

const loreleiHair = {
  female: variants<NonNullable<LoreleiOptions['hair']>[number]>([
    10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 23, 24, 26, 29, 30, 31, 32, 33, 35, 36, 37, 38, 40, 41, 42, 43, 46, 47,
    48,
  ]),
  male: variants<NonNullable<LoreleiOptions['hair']>[number]>([1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 22, 27, 39, 44]),
};

const loreleiLook: Look = (gender, age, rng) => {
  const features = {
    hair: [rng.pick(loreleiHair[gender])],
    hairColor: [hairColor(rng, age)],
    beardProbability: gender === 'male' && rng.chance(0.4) ? 100 : 0,
    earringsProbability: gender === 'female' && rng.chance(0.5) ? 100 : 0,
    glassesProbability: rng.chance(0.2) ? 100 : 0,
    frecklesProbability: rng.chance(0.15) ? 100 : 0,
    hairAccessoriesProbability: 0,
  };
  return (seed, background) =>
    createAvatar(style().lorelei, {
      ...features,
      seed,
      mouth: [
        'happy01',
        'happy02',
        'happy03',
        'happy04',
        'happy05',
        'happy06',
        'happy07',
        'happy08',
        'happy09',
        'happy10',
        'happy11',
        'happy12',
        'happy13',
        'happy14',
      ],
      ...backgroundOptions(background),
    }).toString();
};

type NotionistsHair = NonNullable<NotionistsOptions['hair']>[number];
const notionistsHair = {
  female: variants<NotionistsHair>([2, 4, 8, 10, 11, 23, 28, 29, 36, 37, 39, 41, 43, 45, 46, 47, 48, 57, 58]),
  male: variants<NotionistsHair>([
    1, 3, 5, 6, 7, 9, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27, 30, 31, 32, 33, 34, 35, 38, 40, 44, 49,
    52, 53, 54, 55, 56, 60,
  ]),
};

const notionistsLook: Look = (gender, _age, rng) => {
  const features = {
    hair: [rng.pick(notionistsHair[gender])],
    beard: variants<NonNullable<NotionistsOptions['beard']>[number]>([rng.int(1, 12)]),
    beardProbability: gender === 'male' && rng.chance(0.45) ? 100 : 0,
    glassesProbability: rng.chance(0.25) ? 100 : 0,
    glasses: variants<NonNullable<NotionistsOptions['glasses']>[number]>([rng.int(1, 11)]),
  };
  return (seed, background) =>
    createAvatar(style().notionists, {
      ...features,
      seed,
      gestureProbability: 15,
      bodyIconProbability: 0,
      ...backgroundOptions(background),
    }).toString();
};

const avataaarsTop = {
  female: [
    'bob',
    'bun',
    'curly',
    'curvy',
    'frida',
    'longButNotTooLong',
    'miaWallace',
    'straight01',
    'straight02',
    'straightAndStrand',
    'bigHair',
    'fro',
    'froBand',
  ] as const,
  male: [
    'shortCurly',
    'shortFlat',
    'shortRound',
    'shortWaved',
    'sides',
    'theCaesar',
    'theCaesarAndSidePart',
    'shaggy',
    'dreads01',
    'frizzle',
    'shavedSides',
  ] as const,
};

const avataaarsLook: Look = (gender, age, rng) => {
  const features = {
    top: [rng.pick(avataaarsTop[gender])],
    hairColor: [hairColor(rng, age)],
    skinColor: [rng.pick(['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'])],
    facialHair: [rng.pick(['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'] as const)],
    facialHairProbability: gender === 'male' && rng.chance(0.45) ? 100 : 0,
    facialHairColor: [hairColor(rng, age)],
    accessories: [rng.pick(['prescription01', 'prescription02', 'round', 'wayfarers'] as const)],
    accessoriesProbability: rng.chance(0.2) ? 100 : 0,
  };
  return (seed, background) =>
    createAvatar(style().avataaars, {
      ...features,
      seed,
      mouth: ['smile', 'default', 'twinkle'],
      eyes: ['default', 'happy', 'wink', 'side', 'squint'],
      eyebrows: ['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural', 'flatNatural'],
      clothing: [
        'blazerAndShirt',
        'blazerAndSweater',
        'collarAndSweater',
        'hoodie',
        'overall',
        'shirtCrewNeck',
        'shirtScoopNeck',
        'shirtVNeck',
      ],
      ...backgroundOptions(background),
    }).toString();
};

const peepsHead = {
  female: [
    'bangs',
    'bangs2',
    'bantuKnots',
    'bun',
    'bun2',
    'buns',
    'cornrows2',
    'dreads2',
    'hijab',
    'long',
    'longAfro',
    'longBangs',
    'longCurly',
    'medium1',
    'medium2',
    'medium3',
    'mediumBangs',
    'mediumBangs2',
    'mediumBangs3',
    'mediumStraight',
  ] as const,
  femaleGrey: ['grayBun', 'grayMedium'] as const,
  male: [
    'afro',
    'dreads1',
    'flatTop',
    'flatTopLong',
    'hatBeanie',
    'mohawk',
    'noHair1',
    'noHair2',
    'noHair3',
    'pomp',
    'shaved1',
    'shaved2',
    'shaved3',
    'short1',
    'short2',
    'short3',
    'short4',
    'short5',
    'turban',
    'twists',
    'twists2',
  ] as const,
  maleGrey: ['grayShort', 'noHair2', 'noHair3'] as const,
};

const openPeepsLook: Look = (gender, age, rng) => {
  const grey = age >= 55 && rng.chance(0.6);
  const head =
    gender === 'female'
      ? rng.pick<(typeof peepsHead.female)[number] | (typeof peepsHead.femaleGrey)[number]>(
          grey ? peepsHead.femaleGrey : peepsHead.female,
        )
      : rng.pick<(typeof peepsHead.male)[number] | (typeof peepsHead.maleGrey)[number]>(
          grey ? peepsHead.maleGrey : peepsHead.male,
        );
  const features = {
    head: [head],
    skinColor: [rng.pick(['ffdbb4', 'edb98a', 'd08b5b', 'ae5d29', '694d3d'])],
    headContrastColor: [hairColor(rng, age)],
    facialHair: [
      rng.pick(['chin', 'full', 'full2', 'full3', 'goatee1', 'goatee2', 'moustache1', 'moustache3'] as const),
    ],
    facialHairProbability: gender === 'male' && rng.chance(0.45) ? 100 : 0,
    accessories: [rng.pick(['glasses', 'glasses2', 'glasses3', 'glasses4', 'glasses5', 'sunglasses'] as const)],
    accessoriesProbability: rng.chance(0.2) ? 100 : 0,
  };
  return (seed, background) =>
    createAvatar(style().openPeeps, {
      ...features,
      seed,
      face: ['calm', 'cheeky', 'cute', 'smile', 'smileBig', 'eyesClosed', 'lovingGrin1'],
      maskProbability: 0,
      ...backgroundOptions(background),
    }).toString();
};

const LOOKS: readonly (readonly [Look, number])[] = [
  [loreleiLook, 3],
  [avataaarsLook, 3],
  [openPeepsLook, 3],
  [notionistsLook, 2],
];

/** Picks a style and fixed features for one member and returns the painter of their photos. */
export function createPainter(gender: Gender, age: number, rng: Rng): AvatarPainter {
  return rng.weighted(LOOKS)(gender, age, rng);
}
