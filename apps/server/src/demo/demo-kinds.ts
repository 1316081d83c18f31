/** The demo catalogue's shapes that its vocabulary and category files share with the generator. */

export type ImageKind =
  | 'jacket'
  | 'fleece'
  | 'hoodie'
  | 'shirt'
  | 'tshirt'
  | 'pants'
  | 'shorts'
  | 'cap'
  | 'boonie'
  | 'beanie'
  | 'gloves'
  | 'belt'
  | 'boots'
  | 'sneakers'
  | 'sandals'
  | 'insole'
  | 'backpack'
  | 'bag'
  | 'vest'
  | 'pouch'
  | 'tent'
  | 'tarp'
  | 'sleeping-bag'
  | 'mat'
  | 'pot'
  | 'stove'
  | 'flask'
  | 'lantern'
  | 'knife'
  | 'multitool'
  | 'flashlight'
  | 'headlamp'
  | 'first-aid'
  | 'tourniquet'
  | 'compass'
  | 'radio'
  | 'firestarter';

/** A category of the demo tree, with its Russian name and its sub-categories. */
export interface DemoCategory {
  slug: string;
  name: string;
  name_ru: string;
  children: DemoCategory[];
}
