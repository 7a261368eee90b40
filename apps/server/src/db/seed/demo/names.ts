import type { Country } from '@app/shared';

/** First names by gender and generation, and family names, typical of one country. */
export interface NamePool {
  female: { young: readonly string[]; mature: readonly string[] };
  male: { young: readonly string[]; mature: readonly string[] };
  /** Family names, used for the members' e-mail addresses. */
  last: readonly string[];
}

const words = (text: string): string[] => text.trim().split(/\s*,\s*/);

const NL: NamePool = {
  female: {
    young: words(
      'Sanne, Lotte, Emma, Anouk, Fleur, Lisa, Iris, Femke, Eva, Noa, Julia, Roos, Sophie, Maud, Isa, Lieke, Esmee, Demi',
    ),
    mature: words(
      'Ingrid, Marieke, Monique, Annemieke, Petra, Saskia, Marjolein, Wendy, Miranda, Ellen, Karin, Anja, Yvonne, Linda, Mirjam, Hanneke, Astrid, Els',
    ),
  },
  male: {
    young: words(
      'Daan, Bram, Sem, Lucas, Thijs, Jesse, Ruben, Lars, Milan, Stijn, Tim, Niels, Jasper, Koen, Luuk, Joris, Sven, Teun',
    ),
    mature: words(
      'Peter, Marco, Erik, Hans, Jeroen, Martijn, Rob, Frank, Sander, Dennis, Marcel, Remco, Arjan, Wim, Ronald, Gert, Bas, Edwin',
    ),
  },
  last: words(
    'de Vries, Jansen, van den Berg, Bakker, Visser, Smit, Meijer, de Boer, Mulder, de Groot, Bos, Vos, Peters, Hendriks, van Dijk, Dekker, Brouwer, Kok',
  ),
};

const BE: NamePool = {
  female: {
    young: words('Lotte, Elien, Lies, Hanne, Febe, Laura, Nore, Jana, Marie, Ine, Lien, Amber, Kaat, Fien'),
    mature: words('Katrien, Veerle, Griet, An, Kristel, Nathalie, Sofie, Els, Inge, Hilde, Ann, Greet'),
  },
  male: {
    young: words('Wout, Jens, Arne, Lander, Robbe, Seppe, Thibault, Mathias, Pieter, Kobe, Jonas, Stef, Bavo'),
    mature: words('Koen, Bart, Geert, Luc, Dirk, Kristof, Tom, Wim, Patrick, Filip, Johan, Stefaan'),
  },
  last: words(
    'Peeters, Janssens, Maes, Jacobs, Mertens, Willems, Claes, Goossens, Wouters, De Smet, Dubois, Lambert, Vermeulen, Van Damme',
  ),
};

const DE: NamePool = {
  female: {
    young: words(
      'Lena, Anna, Laura, Lea, Hannah, Sophie, Julia, Marie, Lisa, Sarah, Katharina, Johanna, Paula, Clara, Franziska, Carolin',
    ),
    mature: words(
      'Sabine, Petra, Claudia, Andrea, Susanne, Birgit, Nicole, Stefanie, Martina, Anke, Heike, Kerstin, Silke, Gabriele, Monika',
    ),
  },
  male: {
    young: words(
      'Jonas, Lukas, Leon, Finn, Felix, Paul, Maximilian, Tim, Niklas, Jan, Moritz, Tobias, Philipp, Fabian, Jannik, Simon',
    ),
    mature: words(
      'Thomas, Michael, Andreas, Stefan, Frank, Markus, Jürgen, Uwe, Matthias, Ralf, Dirk, Holger, Carsten, Wolfgang, Torsten',
    ),
  },
  last: words(
    'Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Koch, Richter, Wolf, Klein, Neumann, Braun, Zimmermann, Hartmann',
  ),
};

const AT: NamePool = {
  female: {
    young: words('Katharina, Anna, Lena, Sophie, Magdalena, Theresa, Hannah, Valentina, Verena, Johanna, Elisabeth'),
    mature: words('Brigitte, Christine, Elisabeth, Renate, Andrea, Karin, Sabine, Gerlinde, Monika, Ulrike'),
  },
  male: {
    young: words('Lukas, Florian, Tobias, David, Jakob, Maximilian, Elias, Fabian, Matthias, Raphael, Dominik'),
    mature: words('Wolfgang, Gerhard, Christian, Franz, Johann, Helmut, Markus, Martin, Andreas, Reinhard'),
  },
  last: words(
    'Gruber, Huber, Bauer, Wagner, Müller, Pichler, Steiner, Moser, Mayer, Hofer, Leitner, Berger, Fuchs, Eder',
  ),
};

const CH: NamePool = {
  female: {
    young: words('Lea, Mia, Laura, Sara, Anna, Nina, Chiara, Céline, Jana, Lara, Selina, Noemi'),
    mature: words('Ursula, Ruth, Verena, Daniela, Barbara, Regula, Esther, Corinne, Beatrice, Franziska'),
  },
  male: {
    young: words('Luca, Noah, Nico, Jan, Simon, Levin, Dario, Yannick, Fabio, Marco, Silvan, Reto'),
    mature: words('Beat, Urs, Daniel, Peter, Hansruedi, Thomas, Christoph, René, Martin, Roland, Kurt'),
  },
  last: words(
    'Müller, Meier, Schmid, Keller, Weber, Huber, Schneider, Meyer, Steiner, Fischer, Gerber, Brunner, Baumann, Frei',
  ),
};

const FR: NamePool = {
  female: {
    young: words(
      'Camille, Léa, Manon, Chloé, Emma, Inès, Sarah, Juliette, Clara, Pauline, Lucie, Margaux, Océane, Mathilde',
    ),
    mature: words(
      'Nathalie, Isabelle, Sylvie, Catherine, Valérie, Sandrine, Christine, Véronique, Céline, Stéphanie, Florence, Hélène',
    ),
  },
  male: {
    young: words(
      'Lucas, Hugo, Louis, Théo, Nathan, Maxime, Antoine, Thomas, Julien, Clément, Romain, Baptiste, Alexandre, Quentin',
    ),
    mature: words(
      'Philippe, Laurent, Stéphane, Christophe, Olivier, Éric, Pascal, Thierry, Frédéric, Patrick, Didier, Jean-Luc',
    ),
  },
  last: words(
    'Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon, Laurent, Lefebvre, Michel, Garcia, Fournier, Girard, Lambert',
  ),
};

const IT: NamePool = {
  female: {
    young: words(
      'Giulia, Chiara, Francesca, Sara, Martina, Alessia, Giorgia, Valentina, Elisa, Federica, Aurora, Sofia, Beatrice',
    ),
    mature: words(
      'Paola, Laura, Antonella, Roberta, Daniela, Cristina, Monica, Barbara, Patrizia, Silvia, Manuela, Elena',
    ),
  },
  male: {
    young: words(
      'Luca, Marco, Alessandro, Matteo, Lorenzo, Andrea, Davide, Francesco, Simone, Federico, Riccardo, Tommaso, Gabriele',
    ),
    mature: words(
      'Giuseppe, Roberto, Massimo, Stefano, Paolo, Fabio, Claudio, Maurizio, Giovanni, Sergio, Franco, Antonio',
    ),
  },
  last: words(
    'Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti, De Luca, Costa, Giordano, Mancini, Lombardi',
  ),
};

const ES: NamePool = {
  female: {
    young: words('Lucía, María, Paula, Laura, Marta, Andrea, Sara, Alba, Carmen, Claudia, Irene, Elena, Nerea, Ainhoa'),
    mature: words('Pilar, Mercedes, Rosa, Isabel, Cristina, Ana, Dolores, Montserrat, Begoña, Marisol, Concha, Teresa'),
  },
  male: {
    young: words(
      'Pablo, Alejandro, Daniel, Javier, Sergio, Adrián, Álvaro, David, Diego, Hugo, Iker, Marcos, Jorge, Rubén',
    ),
    mature: words('Antonio, José, Manuel, Francisco, Juan, Miguel, Jesús, Carlos, Rafael, Fernando, Luis, Ramón'),
  },
  last: words(
    'García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Martín, Jiménez, Ruiz, Hernández, Díaz, Moreno, Muñoz, Álvarez, Romero',
  ),
};

/** Polish family names are given in the masculine form; see familyName for the feminine one. */
const PL: NamePool = {
  female: {
    young: words(
      'Zuzanna, Julia, Maja, Zofia, Hanna, Natalia, Aleksandra, Wiktoria, Karolina, Magdalena, Agnieszka, Paulina, Kinga, Oliwia',
    ),
    mature: words('Małgorzata, Anna, Barbara, Ewa, Krystyna, Elżbieta, Grażyna, Jolanta, Beata, Dorota, Iwona, Renata'),
  },
  male: {
    young: words(
      'Jakub, Kacper, Szymon, Mateusz, Bartosz, Michał, Filip, Łukasz, Kamil, Wojciech, Dawid, Paweł, Adrian, Piotr',
    ),
    mature: words(
      'Andrzej, Krzysztof, Tomasz, Marek, Grzegorz, Jerzy, Zbigniew, Janusz, Ryszard, Mariusz, Dariusz, Waldemar',
    ),
  },
  last: words(
    'Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński, Szymański, Woźniak, Dąbrowski, Kozłowski, Mazur, Krawczyk',
  ),
};

const GB: NamePool = {
  female: {
    young: words(
      'Emily, Olivia, Amelia, Jessica, Sophie, Charlotte, Lucy, Hannah, Chloe, Holly, Ellie, Megan, Georgia, Katie',
    ),
    mature: words('Sarah, Claire, Joanne, Nicola, Helen, Karen, Julie, Alison, Amanda, Tracey, Deborah, Fiona'),
  },
  male: {
    young: words('Oliver, Harry, Jack, George, James, Thomas, Charlie, Alfie, Joshua, Liam, Callum, Ben, Sam, Ryan'),
    mature: words('David, Paul, Mark, Andrew, Richard, Stephen, Simon, Gary, Neil, Ian, Graham, Martin'),
  },
  last: words(
    'Smith, Jones, Taylor, Brown, Williams, Wilson, Johnson, Davies, Robinson, Wright, Thompson, Evans, Walker, White, Roberts, Green, Hall, Wood',
  ),
};

const IE: NamePool = {
  female: {
    young: words('Aoife, Ciara, Niamh, Saoirse, Caoimhe, Róisín, Sinéad, Orla, Aisling, Emma, Sarah, Grace'),
    mature: words('Mary, Siobhán, Bríd, Maureen, Deirdre, Gráinne, Catherine, Margaret, Eileen, Fionnuala'),
  },
  male: {
    young: words('Seán, Conor, Cian, Oisín, Darragh, Eoin, Liam, Jack, Ciarán, Niall, Shane, Rory'),
    mature: words('Patrick, Michael, John, Declan, Brendan, Kieran, Colm, Dermot, Padraig, Gerard'),
  },
  last: words(
    "Murphy, Kelly, O'Sullivan, Walsh, Byrne, Ryan, O'Brien, O'Connor, McCarthy, Doyle, Gallagher, Kennedy, Lynch, Quinn",
  ),
};

const US: NamePool = {
  female: {
    young: words(
      'Ashley, Madison, Brittany, Taylor, Kayla, Emily, Samantha, Lauren, Hailey, Brianna, Jasmine, Megan, Abigail, Alexis',
    ),
    mature: words(
      'Jennifer, Lisa, Kimberly, Michelle, Amy, Angela, Melissa, Stephanie, Heather, Tammy, Patricia, Donna',
    ),
  },
  male: {
    young: words('Tyler, Brandon, Austin, Jacob, Ethan, Logan, Mason, Justin, Kyle, Dylan, Cody, Jordan, Connor, Noah'),
    mature: words('Michael, Christopher, Jason, Brian, Kevin, Jeffrey, Scott, Eric, Steven, Timothy, Gregory, Todd'),
  },
  last: words(
    'Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Garcia, Rodriguez, Wilson, Anderson, Taylor, Thomas, Moore, Jackson, Martin, Lee, Thompson',
  ),
};

const CA: NamePool = {
  female: {
    young: words('Emma, Olivia, Chloé, Madison, Hannah, Sophie, Avery, Brooke, Jessica, Megan, Léa, Kaitlyn'),
    mature: words('Jennifer, Lisa, Karen, Michelle, Nathalie, Julie, Catherine, Heather, Kelly, Denise'),
  },
  male: {
    young: words('Liam, Ethan, Noah, Logan, Owen, Nathan, Tyler, Mathieu, Connor, Ryan, Evan, Cole'),
    mature: words('Michael, Daniel, Jean-François, Kevin, Darren, Robert, Sylvain, Trevor, Brian, Mark'),
  },
  last: words(
    'Tremblay, Gagnon, Roy, Côté, Bouchard, MacDonald, Campbell, Wong, Smith, Brown, Martin, Wilson, Taylor, Anderson',
  ),
};

const AU: NamePool = {
  female: {
    young: words('Chloe, Mia, Charlotte, Isla, Ruby, Zoe, Jess, Tahlia, Georgia, Grace, Sienna, Matilda'),
    mature: words('Kylie, Michelle, Leanne, Sharon, Kerry, Narelle, Belinda, Donna, Tanya, Wendy'),
  },
  male: {
    young: words('Jack, Lachlan, Riley, Cooper, Jayden, Mitchell, Brodie, Liam, Josh, Noah, Harrison, Bailey'),
    mature: words('Craig, Darren, Shane, Glenn, Wayne, Brett, Troy, Scott, Grant, Greg'),
  },
  last: words(
    'Smith, Jones, Williams, Brown, Wilson, Taylor, Nguyen, Johnson, Martin, White, Anderson, Walker, Thompson, Kelly',
  ),
};

const NZ: NamePool = {
  female: {
    young: words('Olivia, Isla, Aroha, Amelia, Charlotte, Ruby, Mia, Hannah, Kaia, Georgia, Ella, Maia'),
    mature: words('Karen, Julie, Michelle, Rachel, Anahera, Sharon, Deborah, Lynette, Megan, Tania'),
  },
  male: {
    young: words('Oliver, Jack, Nikau, James, William, Lucas, Tama, Hunter, Mason, Ryan, Ethan, Finn'),
    mature: words('Peter, Craig, Hemi, Grant, Stuart, Shane, Brent, Murray, Wayne, Andrew'),
  },
  last: words(
    'Smith, Wilson, Williams, Brown, Taylor, Anderson, Thomson, Campbell, Ngata, Walker, Harris, Wood, Robertson, Clarke',
  ),
};

/** The name pool per country: first names that fit its people and its generations. */
export const NAME_POOLS: Record<Country, NamePool> = { NL, BE, DE, AT, CH, FR, IT, ES, PL, GB, IE, US, CA, AU, NZ };

/** Members from this age on get the first names of their parents' generation. */
export const MATURE_NAME_AGE = 40;

/** A family name in the form that fits the member: Polish -ski/-cki names turn into -ska/-cka for women. */
export function familyName(country: Country, base: string, gender: 'male' | 'female'): string {
  if (country === 'PL' && gender === 'female') return base.replace(/([sc]|dz)ki$/, '$1ka');
  return base;
}

const SPECIAL: Record<string, string> = { ł: 'l', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', đ: 'd' };

/** A name as plain ASCII letters for an e-mail address: 'Łukasz' -> 'lukasz', "O'Brien" -> 'obrien'. */
export function asciiSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[łøßæœđ]/g, (ch) => SPECIAL[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z]/g, '');
}
