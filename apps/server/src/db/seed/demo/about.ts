import type { Rng } from './random.js';

/** The languages demo members write their about-me in: the first visible language of each country. */
export const ABOUT_LANGUAGES = ['nl', 'en', 'de', 'fr', 'es', 'it', 'pl'] as const;
export type AboutLanguage = (typeof ABOUT_LANGUAGES)[number];

export type Reason = 'relationship' | 'dating' | 'friendship' | 'adventure' | 'chat';
/** Whom a member is looking for, which decides the words of the closing sentence. */
export type SeekTarget = 'man' | 'woman' | 'anyone';

/**
 * The building blocks of about-me texts in one language. Every sentence is written so that it
 * fits a member of either gender (several languages inflect adjectives and past participles by
 * gender; these sentences avoid such forms or use "a person" constructions), and each slot holds
 * words in the one grammatical case its sentences need.
 */
interface Phrases {
  /** Openers; {age} and {city} are filled in. */
  intros: readonly string[];
  personality: readonly string[];
  /** Sentences about two interests {a} and {b}, or about one interest {a}. */
  interestsTwo: readonly string[];
  interestsOne: readonly string[];
  /** What the member looks for, by reason; {seek} is the target in the case the verb needs. */
  seeking: Record<Reason, readonly string[]>;
  seek: Record<SeekTarget, string>;
  signoffs: readonly string[];
  /** Interest keys as noun phrases for {a} and {b}; keys missing here are not mentioned in texts. */
  interests: Readonly<Record<string, string>>;
  /** How {age} reads; the default is the bare number. */
  age?: (age: number) => string;
}

const en: Phrases = {
  intros: [
    "Hi! I'm {age} and I live in {city}.",
    'Hello from {city}!',
    '{age} years young and living in {city}.',
    'Hey there, thanks for visiting my profile.',
    'Born and raised near {city}, and still happy here.',
    'Nice of you to stop by!',
    "So, a little about me: I'm {age} and I live in {city}.",
    'Writing about myself is hard, but here goes.',
    "New here and curious who I'll meet.",
    "Hi, I'm from {city} and I love a good laugh.",
    'Let me introduce myself: {age}, based in {city}.',
    'Busy weekdays, free weekends – greetings from {city}.',
    "I'm not great at these texts, so I'll keep it short.",
  ],
  personality: [
    "I'm a positive person who loves to laugh.",
    'Friends describe me as honest, spontaneous and a little stubborn.',
    "I'm down to earth, but always up for an adventure.",
    'I enjoy the little things: good coffee, sunny mornings and long talks.',
    'My job keeps me busy, so I value my free time all the more.',
    "I'm a bit shy at first, but once you know me I can talk for hours.",
    "Humour matters a lot to me – make me laugh and you're halfway there.",
    "I'm caring, loyal and always up for something new.",
    'Calm on the outside, curious on the inside.',
    "I enjoy life and don't take it too seriously.",
    'Honesty and respect mean a lot to me.',
    'I love cosy evenings in as much as a night out.',
  ],
  interestsTwo: [
    'I love {a} and {b}.',
    'My weekends are all about {a} and {b}.',
    'Ask me about {a} or {b} and I can talk for hours.',
    'What makes me happy: {a}, {b} and good company.',
    'Big fan of {a}, and {b} never gets old either.',
    'In my free time it is mostly {a} and {b}.',
  ],
  interestsOne: ['I really enjoy {a}.', 'In my free time it is mostly {a}.'],
  seeking: {
    relationship: [
      "I'm looking for {seek} to build something real with.",
      'Hoping to meet {seek} for a serious relationship.',
    ],
    dating: ["I'd like to meet {seek} for some fun dates.", 'Looking for {seek} to go out with – coffee first?'],
    friendship: [
      'Mostly looking for {seek} to share good conversations with.',
      "I'd love to meet {seek} for friendship, and who knows what more.",
    ],
    adventure: [
      'Looking for {seek} who is up for a little adventure.',
      'Curious to meet {seek} who likes surprises as much as I do.',
    ],
    chat: ["I'd love to chat with {seek} and see if it clicks.", 'Up for a nice chat? I hope to meet {seek} here.'],
  },
  seek: { man: 'a nice man', woman: 'a nice woman', anyone: 'someone nice' },
  signoffs: [
    'Say hi!',
    'Send me a message 😊',
    'Hope to hear from you!',
    "Don't be shy.",
    'See you in the chat?',
    'Curious? Just send a message.',
  ],
  interests: {
    adventure: 'adventure',
    music: 'music',
    travelling: 'travelling',
    wine: 'a good glass of wine',
    cooking: 'cooking',
    sports: 'sports',
    movies: 'movies',
    reading: 'reading',
    dancing: 'dancing',
    nature: 'nature',
    art: 'art',
    gaming: 'gaming',
    fitness: 'fitness',
    photography: 'photography',
    animals: 'animals',
    romance: 'romance',
    cuddling: 'cuddling',
  },
};

const nl: Phrases = {
  intros: [
    'Hoi! Ik ben {age} en woon in {city}.',
    'Groetjes uit {city}!',
    '{age} jaar jong en wonend in {city}.',
    'Hey, leuk dat je mijn profiel bekijkt.',
    'Geboren en getogen in de buurt van {city}, en daar woon ik nog steeds met plezier.',
    'Leuk dat je even langskomt!',
    'Even voorstellen: ik ben {age} en woon in {city}.',
    'Over mezelf schrijven vind ik lastig, maar hier gaat ie.',
    'Nieuw hier en benieuwd wie ik ga ontmoeten.',
    'Hoi, ik kom uit {city} en ik hou van een goede lach.',
    'Kort en krachtig: {age}, woonachtig in {city}.',
    'Doordeweeks druk, in het weekend tijd – groeten uit {city}.',
    'Ik ben niet zo goed in dit soort teksten, dus ik hou het kort.',
  ],
  personality: [
    'Ik ben een positief mens en lach graag.',
    'Vrienden omschrijven me als eerlijk, spontaan en een tikkeltje eigenwijs.',
    'Ik sta met beide benen op de grond, maar ben ook in voor avontuur.',
    'Ik geniet van de kleine dingen: goede koffie, zonnige ochtenden en lange gesprekken.',
    'Ik heb een drukke baan, dus mijn vrije tijd is me extra veel waard.',
    'In het begin ben ik wat verlegen, maar als je me kent ben ik een echte kletskous.',
    'Humor vind ik heel belangrijk: als je me aan het lachen maakt, zit je goed.',
    'Ik ben zorgzaam, trouw en altijd in voor iets nieuws.',
    'Rustig van buiten, nieuwsgierig van binnen.',
    'Ik geniet van het leven en neem het niet al te serieus.',
    'Eerlijkheid en respect betekenen veel voor me.',
    'Ik hou net zo veel van gezellige avonden thuis als van een avondje uit.',
  ],
  interestsTwo: [
    'Ik hou van {a} en {b}.',
    'Mijn weekenden draaien om {a} en {b}.',
    'Vraag me naar {a} of {b} en ik praat uren door.',
    'Waar ik blij van word: {a}, {b} en goed gezelschap.',
    'Groot fan van {a}, en {b} gaat ook nooit vervelen.',
    'In mijn vrije tijd draait het vooral om {a} en {b}.',
  ],
  interestsOne: ['Ik geniet enorm van {a}.', 'In mijn vrije tijd draait het vooral om {a}.'],
  seeking: {
    relationship: [
      'Ik zoek {seek} om samen iets moois op te bouwen.',
      'Ik hoop {seek} te ontmoeten voor een serieuze relatie.',
    ],
    dating: [
      'Ik wil graag {seek} ontmoeten voor een paar leuke dates.',
      'Op zoek naar {seek} om mee uit te gaan – eerst een kop koffie?',
    ],
    friendship: [
      'Vooral op zoek naar {seek} voor goede gesprekken.',
      'Ik zou graag {seek} leren kennen voor vriendschap, en wie weet meer.',
    ],
    adventure: [
      'Op zoek naar {seek} die in is voor een avontuurtje.',
      'Benieuwd naar {seek} die net zo van verrassingen houdt als ik.',
    ],
    chat: [
      'Ik chat graag met {seek} om te kijken of het klikt.',
      'Zin in een leuk gesprek? Ik hoop hier {seek} te ontmoeten.',
    ],
  },
  seek: { man: 'een leuke man', woman: 'een leuke vrouw', anyone: 'iemand leuks' },
  signoffs: [
    'Zeg gerust hoi!',
    'Stuur me een berichtje 😊',
    'Hopelijk tot snel!',
    'Niet verlegen zijn.',
    'Tot in de chat?',
    'Nieuwsgierig? Stuur gewoon een bericht.',
  ],
  interests: {
    adventure: 'avontuur',
    music: 'muziek',
    travelling: 'reizen',
    wine: 'een goed glas wijn',
    cooking: 'koken',
    sports: 'sporten',
    movies: 'films',
    reading: 'lezen',
    dancing: 'dansen',
    nature: 'de natuur',
    art: 'kunst',
    gaming: 'gamen',
    fitness: 'de sportschool',
    photography: 'fotografie',
    animals: 'dieren',
    romance: 'romantiek',
    cuddling: 'knuffelen',
  },
};

const de: Phrases = {
  intros: [
    'Hallo! Ich bin {age} und wohne in {city}.',
    'Liebe Grüße aus {city}!',
    '{age} Jahre jung und zu Hause in {city}.',
    'Hey, schön, dass du auf meinem Profil vorbeischaust.',
    'Aufgewachsen in der Nähe von {city} – und immer noch gern hier.',
    'Schön, dass du vorbeischaust!',
    'Kurz zu mir: Ich bin {age} und lebe in {city}.',
    "Über sich selbst zu schreiben ist schwer, aber ich versuch's.",
    'Neu hier und gespannt, wen ich kennenlerne.',
    'Hi, ich komme aus {city} und lache gern.',
    'Kurz und knapp: {age}, wohnhaft in {city}.',
    'Unter der Woche viel los, am Wochenende Zeit – Grüße aus {city}.',
    'Solche Texte liegen mir nicht so, deshalb halte ich es kurz.',
  ],
  personality: [
    'Ich bin ein positiver Mensch und lache viel.',
    'Freunde beschreiben mich als ehrlich, spontan und ein bisschen stur.',
    'Ich stehe mit beiden Beinen im Leben, bin aber auch für Abenteuer zu haben.',
    'Ich genieße die kleinen Dinge: guten Kaffee, sonnige Morgen und lange Gespräche.',
    'Mein Job ist ziemlich fordernd, deshalb ist mir meine Freizeit besonders wichtig.',
    'Am Anfang bin ich etwas schüchtern, aber wenn man mich kennt, rede ich gern und viel.',
    'Humor ist mir sehr wichtig – wer mich zum Lachen bringt, hat schon halb gewonnen.',
    'Ich bin fürsorglich, treu und immer offen für Neues.',
    'Außen ruhig, innen neugierig.',
    'Ich genieße das Leben und nehme es nicht allzu ernst.',
    'Ehrlichkeit und Respekt bedeuten mir viel.',
    'Ich mag gemütliche Abende zu Hause genauso wie einen Abend in der Stadt.',
  ],
  interestsTwo: [
    'Ich liebe {a} und {b}.',
    'Meine Wochenenden drehen sich um {a} und {b}.',
    'Was mich glücklich macht: {a}, {b} und gute Gesellschaft.',
    'Für {a} und {b} bin ich immer zu haben.',
    'Ohne {a} und {b} geht bei mir gar nichts.',
    'In meiner Freizeit dreht sich fast alles um {a} und {b}.',
  ],
  interestsOne: ['Ich liebe {a}.', 'Für {a} bin ich immer zu haben.'],
  seeking: {
    relationship: [
      'Ich suche {seek} für eine feste Beziehung.',
      'Ich hoffe, hier {seek} für etwas Ernstes kennenzulernen.',
    ],
    dating: [
      'Ich möchte {seek} für ein paar schöne Dates kennenlernen.',
      'Ich suche {seek} zum Ausgehen – erst mal auf einen Kaffee?',
    ],
    friendship: [
      'Ich suche vor allem {seek} für gute Gespräche.',
      'Ich würde gern {seek} kennenlernen, erst mal als Freundschaft – wer weiß, was daraus wird.',
    ],
    adventure: [
      'Ich suche {seek} für ein kleines Abenteuer.',
      'Ich bin neugierig auf {seek} mit Lust auf Überraschungen.',
    ],
    chat: [
      'Ich suche {seek} zum Chatten – mal sehen, ob es funkt.',
      'Ich freue mich auf {seek} zum Quatschen – schreib mir einfach.',
    ],
  },
  seek: { man: 'einen netten Mann', woman: 'eine nette Frau', anyone: 'jemand Nettes' },
  signoffs: [
    'Sag einfach hallo!',
    'Schreib mir 😊',
    'Ich freue mich auf deine Nachricht!',
    'Nur nicht schüchtern.',
    'Bis gleich im Chat?',
    'Neugierig? Schreib mir einfach.',
  ],
  interests: {
    adventure: 'Abenteuer',
    music: 'Musik',
    travelling: 'Reisen',
    wine: 'ein gutes Glas Wein',
    cooking: 'Kochen',
    sports: 'Sport',
    movies: 'Filme',
    reading: 'Lesen',
    dancing: 'Tanzen',
    nature: 'die Natur',
    art: 'Kunst',
    gaming: 'Gaming',
    fitness: 'Fitness',
    photography: 'Fotografie',
    animals: 'Tiere',
    romance: 'Romantik',
    cuddling: 'Kuscheln',
  },
};

const fr: Phrases = {
  intros: [
    "Coucou ! J'ai {age} ans et j'habite à {city}.",
    'Bonjour de {city} !',
    '{age} ans et {city} dans le cœur.',
    'Salut, merci de passer sur mon profil.',
    "J'ai grandi près de {city} et je m'y sens toujours bien.",
    'Bienvenue sur mon profil !',
    "Un peu de moi : j'ai {age} ans et je vis à {city}.",
    "Parler de soi, ce n'est pas facile, mais je me lance.",
    "Je viens d'arriver sur le site et j'ai hâte de faire des rencontres.",
    "Salut, je viens de {city} et j'adore rire.",
    'En bref : {age} ans, à {city}.',
    "La semaine, c'est chargé ; le week-end, j'ai du temps. Bises de {city} !",
    "Les textes de présentation, ce n'est pas mon truc, alors je fais court.",
  ],
  personality: [
    'Je suis une personne positive qui adore rire.',
    'Mes amis me décrivent comme une personne honnête, spontanée et un peu têtue.',
    "J'ai les pieds sur terre, mais j'aime aussi l'aventure.",
    "J'apprécie les petites choses : un bon café, les matins ensoleillés et les longues discussions.",
    "J'ai un travail prenant, alors mon temps libre compte beaucoup pour moi.",
    'Je suis un peu timide au début, mais une fois en confiance, je parle beaucoup.',
    "L'humour, c'est essentiel : si tu me fais rire, c'est gagné.",
    'Je suis une personne attentionnée, fidèle et toujours partante pour la nouveauté.',
    'Une âme calme et curieuse.',
    'Je profite de la vie sans la prendre trop au sérieux.',
    "L'honnêteté et le respect comptent beaucoup pour moi.",
    "J'aime autant les soirées cocooning que les sorties en ville.",
  ],
  interestsTwo: [
    "J'adore {a} et {b}.",
    "Mes week-ends, c'est {a} et {b}.",
    'Ce qui me fait vibrer : {a}, {b} et les bons moments entre amis.',
    'Côté loisirs : {a} et {b}.',
    'Je ne pourrais pas vivre sans {a} ni sans {b}.',
    'Mes passions ? {A} et {b}.',
  ],
  interestsOne: ["J'adore {a}.", 'Côté loisirs, {a} avant tout.'],
  seeking: {
    relationship: [
      'Je cherche {seek} pour construire une belle histoire.',
      "J'espère rencontrer {seek} pour une relation sérieuse.",
    ],
    dating: [
      "J'aimerais rencontrer {seek} pour quelques jolis rendez-vous.",
      'Je cherche {seek} pour sortir – un café pour commencer ?',
    ],
    friendship: [
      'Je cherche surtout {seek} pour de bonnes discussions.',
      "J'aimerais rencontrer {seek} en amitié, et qui sait, plus si affinités.",
    ],
    adventure: [
      'Je cherche {seek} pour une petite aventure.',
      'Envie de rencontrer {seek} qui aime les surprises autant que moi.',
    ],
    chat: [
      "J'aime discuter : je cherche {seek} pour voir si le courant passe.",
      "Envie d'une belle conversation ? J'espère rencontrer {seek} ici.",
    ],
  },
  seek: { man: 'un homme charmant', woman: 'une femme charmante', anyone: "quelqu'un de charmant" },
  signoffs: [
    'Dis bonjour !',
    'Envoie-moi un message 😊',
    "À bientôt j'espère !",
    'Ne sois pas timide.',
    'On se retrouve dans le chat ?',
    'Curiosité ? Écris-moi simplement.',
  ],
  interests: {
    adventure: "l'aventure",
    music: 'la musique',
    travelling: 'les voyages',
    wine: 'un bon verre de vin',
    cooking: 'la cuisine',
    sports: 'le sport',
    movies: 'le cinéma',
    reading: 'la lecture',
    dancing: 'la danse',
    nature: 'la nature',
    art: "l'art",
    gaming: 'les jeux vidéo',
    fitness: 'le fitness',
    photography: 'la photographie',
    animals: 'les animaux',
    romance: 'la romance',
    cuddling: 'les câlins',
  },
};

const es: Phrases = {
  intros: [
    '¡Hola! Tengo {age} años y vivo en {city}.',
    '¡Saludos desde {city}!',
    '{age} años y {city} en el corazón.',
    'Hola, gracias por pasar por mi perfil.',
    'Crecí cerca de {city} y sigo aquí tan a gusto.',
    '¡Qué bien que te pases por aquí!',
    'Un poco sobre mí: tengo {age} años y vivo en {city}.',
    'Escribir sobre uno mismo cuesta, pero allá voy.',
    'Acabo de llegar a la web y tengo curiosidad por conocer gente.',
    'Hola, soy de {city} y me encanta reír.',
    'En resumen: {age} años, desde {city}.',
    'Entre semana mucho trabajo, el fin de semana tiempo libre. ¡Un saludo desde {city}!',
    'No se me dan bien estos textos, así que seré breve.',
  ],
  personality: [
    'Soy una persona positiva a la que le encanta reír.',
    'Mis amigos dicen que soy una persona sincera, espontánea y un poco testaruda.',
    'Tengo los pies en la tierra, pero también me gusta la aventura.',
    'Disfruto de las pequeñas cosas: un buen café, las mañanas de sol y las charlas largas.',
    'Tengo un trabajo exigente, así que valoro mucho mi tiempo libre.',
    'Al principio me cuesta abrirme, pero luego no paro de hablar.',
    'El humor es muy importante para mí: si me haces reír, tienes mucho ganado.',
    'Soy una persona cariñosa, leal y siempre con ganas de cosas nuevas.',
    'Tranquilidad por fuera, curiosidad por dentro.',
    'Disfruto de la vida y no me la tomo demasiado en serio.',
    'La sinceridad y el respeto significan mucho para mí.',
    'Me gustan tanto las noches tranquilas en casa como salir por la ciudad.',
  ],
  interestsTwo: [
    'Mis pasiones: {a} y {b}.',
    'Mis fines de semana son para {a} y {b}.',
    'Pregúntame por {a} o por {b} y hablaré durante horas.',
    'Lo que me hace feliz: {a}, {b} y la buena compañía.',
    'No hay semana sin {a} ni {b}.',
    'En mi tiempo libre: {a} y {b}, sobre todo.',
  ],
  interestsOne: ['Mi gran pasión: {a}.', 'En mi tiempo libre, {a} sobre todo.'],
  seeking: {
    relationship: [
      'Busco {seek} para construir algo bonito juntos.',
      'Me gustaría conocer {seek} para una relación seria.',
    ],
    dating: [
      'Me gustaría conocer {seek} para tener algunas citas divertidas.',
      'Busco {seek} para salir – ¿empezamos con un café?',
    ],
    friendship: [
      'Sobre todo busco {seek} para buenas conversaciones.',
      'Me encantaría conocer {seek} para una amistad, y quién sabe qué más.',
    ],
    adventure: [
      'Busco {seek} con ganas de una pequeña aventura.',
      'Tengo curiosidad por conocer {seek} a quien le gusten las sorpresas tanto como a mí.',
    ],
    chat: [
      'Me gusta charlar: busco {seek} para ver si hay química.',
      '¿Te apetece una buena charla? Busco {seek} para empezar.',
    ],
  },
  seek: { man: 'a un hombre especial', woman: 'a una mujer especial', anyone: 'a alguien especial' },
  signoffs: [
    '¡Salúdame!',
    'Escríbeme 😊',
    '¡Espero saber de ti pronto!',
    'No te cortes.',
    '¿Nos vemos en el chat?',
    '¿Curiosidad? Mándame un mensaje.',
  ],
  interests: {
    adventure: 'la aventura',
    music: 'la música',
    travelling: 'viajar',
    wine: 'una buena copa de vino',
    cooking: 'cocinar',
    sports: 'el deporte',
    movies: 'el cine',
    reading: 'leer',
    dancing: 'bailar',
    nature: 'la naturaleza',
    art: 'el arte',
    gaming: 'los videojuegos',
    fitness: 'el gimnasio',
    photography: 'la fotografía',
    animals: 'los animales',
    romance: 'el romanticismo',
    cuddling: 'los abrazos',
  },
};

const it: Phrases = {
  intros: [
    'Ciao! Ho {age} anni e vivo a {city}.',
    'Un saluto da {city}!',
    '{age} anni e {city} nel cuore.',
    'Ciao, grazie per la visita al mio profilo.',
    'Vivo da sempre vicino a {city} e mi ci trovo benissimo.',
    'Che bello che tu sia qui!',
    'Due parole su di me: ho {age} anni e vivo a {city}.',
    'Parlare di sé non è facile, ma ci provo.',
    'Sono su questo sito da poco e ho voglia di fare nuove conoscenze.',
    'Ciao, vengo da {city} e adoro ridere.',
    'In breve: {age} anni, da {city}.',
    'In settimana tanto lavoro, nel weekend tempo libero. Un saluto da {city}!',
    'Queste presentazioni non fanno per me, quindi sarò breve.',
  ],
  personality: [
    'Sono una persona solare e mi piace ridere.',
    'Gli amici mi descrivono come una persona sincera, spontanea e un po’ testarda.',
    "Ho i piedi per terra, ma amo anche l'avventura.",
    'Mi godo le piccole cose: un buon caffè, le mattine di sole e le lunghe chiacchierate.',
    'Ho un lavoro impegnativo, quindi il tempo libero per me è prezioso.',
    "All'inizio faccio fatica ad aprirmi, ma poi non smetto più di parlare.",
    "L'umorismo è fondamentale: se mi fai ridere, sei già a metà strada.",
    'Sono una persona premurosa, leale e sempre pronta a provare cose nuove.',
    'Tranquillità fuori, curiosità dentro.',
    'Mi godo la vita senza prenderla troppo sul serio.',
    'Sincerità e rispetto per me contano molto.',
    'Amo le serate tranquille a casa tanto quanto le uscite in città.',
  ],
  interestsTwo: [
    'Adoro {a} e {b}.',
    'Le mie passioni: {a} e {b}.',
    'Nel tempo libero: {a} e {b}, soprattutto.',
    'Ciò che mi rende felice: {a}, {b} e la buona compagnia.',
    'Chiedimi pure: {a} e {b} sono i miei argomenti preferiti.',
    'Per {a} e {b} sono sempre disponibile.',
  ],
  interestsOne: ['Adoro {a}.', 'La mia passione? {A}.'],
  seeking: {
    relationship: [
      'Cerco {seek} con cui costruire qualcosa di bello.',
      'Spero di conoscere {seek} per una relazione seria.',
    ],
    dating: [
      'Mi piacerebbe conoscere {seek} per qualche appuntamento divertente.',
      'Cerco {seek} con cui uscire – iniziamo con un caffè?',
    ],
    friendship: [
      'Cerco soprattutto {seek} per belle chiacchierate.',
      "Vorrei conoscere {seek} per un'amicizia, e chissà cos'altro.",
    ],
    adventure: [
      'Cerco {seek} con voglia di una piccola avventura.',
      'Mi piacerebbe incontrare {seek} che ami le sorprese quanto me.',
    ],
    chat: [
      'Mi piace chiacchierare: cerco {seek} per vedere se scatta la scintilla.',
      'Hai voglia di due chiacchiere? Cerco {seek} con cui scrivere.',
    ],
  },
  seek: { man: 'un uomo speciale', woman: 'una donna speciale', anyone: 'una persona speciale' },
  signoffs: [
    'Scrivimi pure!',
    'Mandami un messaggio 😊',
    'Spero di sentirti presto!',
    'Niente timidezza!',
    'Ci vediamo in chat?',
    'Curiosità? Scrivimi e basta.',
  ],
  interests: {
    adventure: "l'avventura",
    music: 'la musica',
    travelling: 'i viaggi',
    wine: 'un buon bicchiere di vino',
    cooking: 'la cucina',
    sports: 'lo sport',
    movies: 'il cinema',
    reading: 'la lettura',
    dancing: 'il ballo',
    nature: 'la natura',
    art: "l'arte",
    gaming: 'i videogiochi',
    fitness: 'la palestra',
    photography: 'la fotografia',
    animals: 'gli animali',
    romance: 'il romanticismo',
    cuddling: 'le coccole',
  },
};

/** Polish: "22 lata" but "25 lat" (and "12 lat"), so {age} carries its own word. */
function polishAge(age: number): string {
  const last = age % 10;
  const lastTwo = age % 100;
  return `${age} ${last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? 'lata' : 'lat'}`;
}

const pl: Phrases = {
  // Polish inflects city names after prepositions ("w Warszawie"), so {city} only appears where the
  // nominative is right, and verbs stay in the present tense, which does not show gender.
  intros: [
    'Cześć! Mam {age}, a moje miasto to {city}.',
    'Serdeczne pozdrowienia! {city} to moje miejsce na ziemi.',
    '{age} i mnóstwo energii.',
    'Hej, dzięki, że zaglądasz na mój profil.',
    'Moje miasto to {city} i dobrze mi tutaj.',
    'Miło, że tu zaglądasz!',
    'Kilka słów o mnie: mam {age}, a {city} to moje miasto.',
    'Pisanie o sobie nie jest łatwe, ale spróbuję.',
    'Jestem tu od niedawna i ciekawi mnie, kogo poznam.',
    'Cześć, {city} to mój dom, a śmiech to moja specjalność.',
    'W skrócie: {age}, miasto {city}.',
    'W tygodniu dużo pracy, w weekend czas wolny i dobre towarzystwo.',
    'Nie lubię pisać o sobie, więc będzie krótko.',
  ],
  personality: [
    'Jestem osobą pozytywną i lubię się śmiać.',
    'Przyjaciele mówią, że jestem osobą szczerą, spontaniczną i trochę upartą.',
    'Twardo stąpam po ziemi, ale lubię też przygody.',
    'Cieszą mnie małe rzeczy: dobra kawa, słoneczne poranki i długie rozmowy.',
    'Mam wymagającą pracę, więc bardzo cenię wolny czas.',
    'Na początku trudno mi się otworzyć, ale potem mogę gadać godzinami.',
    'Poczucie humoru jest dla mnie bardzo ważne – jeśli mnie rozśmieszysz, masz u mnie plusa.',
    'Jestem osobą troskliwą, lojalną i zawsze otwartą na nowe rzeczy.',
    'Spokój na zewnątrz, ciekawość w środku.',
    'Cieszę się życiem i nie traktuję go zbyt poważnie.',
    'Szczerość i szacunek wiele dla mnie znaczą.',
    'Lubię zarówno spokojne wieczory w domu, jak i wyjścia na miasto.',
  ],
  interestsTwo: [
    'Moje pasje to {a} i {b}.',
    'W wolnym czasie: {a} i {b}.',
    'Co mnie cieszy? {A}, {b} i dobre towarzystwo.',
    'Na pierwszym miejscu u mnie: {a} i {b}.',
    '{A} i {b} – bez tego nie wyobrażam sobie tygodnia.',
    'Moje ulubione tematy to {a} i {b}.',
  ],
  interestsOne: ['Moja pasja to {a}.', 'W wolnym czasie przede wszystkim {a}.'],
  seeking: {
    relationship: [
      'Szukam {seek} do poważnego związku.',
      'Szukam {seek} na dłużej – do wspólnego budowania czegoś pięknego.',
    ],
    dating: ['Szukam {seek} na kilka miłych randek.', 'Szukam {seek} do wspólnych wyjść – może najpierw kawa?'],
    friendship: [
      'Szukam przede wszystkim {seek} do dobrych rozmów.',
      'Szukam {seek} do przyjaźni, a kto wie, może czegoś więcej.',
    ],
    adventure: ['Szukam {seek} z ochotą na małą przygodę.', 'Szukam {seek} – niespodzianki mile widziane!'],
    chat: [
      'Lubię pisać, więc szukam {seek} do rozmów – zobaczymy, czy zaiskrzy.',
      'Masz ochotę na miłą rozmowę? Szukam {seek} do czatowania.',
    ],
  },
  seek: { man: 'fajnego mężczyzny', woman: 'fajnej kobiety', anyone: 'kogoś fajnego' },
  signoffs: [
    'Napisz do mnie!',
    'Czekam na wiadomość 😊',
    'Do usłyszenia!',
    'Nie krępuj się.',
    'Do zobaczenia na czacie?',
    'Ciekawość? Po prostu napisz.',
  ],
  interests: {
    adventure: 'przygoda',
    music: 'muzyka',
    travelling: 'podróże',
    wine: 'dobre wino',
    cooking: 'gotowanie',
    sports: 'sport',
    movies: 'kino',
    reading: 'czytanie',
    dancing: 'taniec',
    nature: 'natura',
    art: 'sztuka',
    gaming: 'gry komputerowe',
    fitness: 'siłownia',
    photography: 'fotografia',
    animals: 'zwierzęta',
    romance: 'romantyzm',
    cuddling: 'przytulanie',
  },
  age: polishAge,
};

const PHRASES: Record<AboutLanguage, Phrases> = { nl, en, de, fr, es, it, pl };

/** Whom someone of this gender and sexuality is looking for. */
export function seekTarget(gender: 'male' | 'female', sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi'): SeekTarget {
  if (sexuality === 'bi') return 'anyone';
  if (sexuality === 'gay') return 'man';
  if (sexuality === 'lesbian') return 'woman';
  return gender === 'female' ? 'man' : 'woman';
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name.toLowerCase()];
    if (value === undefined) return whole;
    // {A} starts a sentence: capitalise the first letter of the value.
    return name === name.toLowerCase() ? value : value.charAt(0).toUpperCase() + value.slice(1);
  });
}

export interface AboutInput {
  language: AboutLanguage;
  age: number;
  city: string | null;
  interestKeys: readonly string[];
  reason: Reason;
  seek: SeekTarget;
}

/**
 * An about-me text in the member's language, assembled from an opener, one or two sentences of
 * character, a sentence about the member's own interests, what they look for and sometimes a
 * sign-off; about one in seven is kept short, as real profiles often are.
 */
export function writeAbout(rng: Rng, input: AboutInput): string {
  const p = PHRASES[input.language];
  const values: Record<string, string> = {
    age: p.age ? p.age(input.age) : String(input.age),
    city: input.city ?? '',
    seek: p.seek[input.seek],
  };
  // Openers that name the city are left out when the member has none.
  const intros = input.city ? p.intros : p.intros.filter((t) => !t.includes('{city}'));
  const parts = [fill(rng.pick(intros), values)];
  const short = rng.chance(0.15);
  if (!short) {
    const traits = rng.sample(p.personality, rng.chance(0.3) ? 2 : 1);
    parts.push(...traits);
    const mentionable = input.interestKeys.map((key) => p.interests[key]).filter((label) => label !== undefined);
    const [a, b] = rng.shuffle(mentionable);
    if (a !== undefined && b !== undefined) parts.push(fill(rng.pick(p.interestsTwo), { ...values, a, b }));
    else if (a !== undefined) parts.push(fill(rng.pick(p.interestsOne), { ...values, a }));
  }
  parts.push(fill(rng.pick(p.seeking[input.reason]), values));
  if (!short && rng.chance(0.5)) parts.push(rng.pick(p.signoffs));
  return parts.join(' ');
}
