/**
 * Common Swedish given names of the generations who die now (born 1925–1985)
 * and common surnames, including å, ä, ö and é. Combined at random they make
 * fictional people; any likeness to a real death notice is chance.
 */
export const WOMEN = [
  "Anna", "Maria", "Margareta", "Elisabeth", "Eva", "Birgitta", "Kristina", "Karin", "Marie", "Ingrid", "Christina",
  "Linnéa", "Kerstin", "Lena", "Helena", "Inger", "Ulla", "Gunilla", "Birgit", "Elsa", "Märta", "Åsa", "Ingegerd",
  "Gunnel", "Britt", "Margit", "Agneta", "Siv", "Gun", "Barbro", "Monica", "Anita", "Solveig", "Astrid", "Göta",
  "Berit", "Renée", "Irène", "Maj-Britt", "Ann-Marie", "Anna-Karin", "Gudrun", "Märit", "Signe", "Dagny",
  "Ebba", "Sonja", "Rut", "Aina", "Britt-Marie", "Yvonne", "Annika", "Susanne", "Ewa", "Åse",
];
export const MEN = [
  "Lars", "Karl", "Erik", "Anders", "Per", "Johan", "Nils", "Carl", "Jan", "Olof", "Lennart", "Gunnar", "Sven",
  "Bengt", "Bo", "Göran", "Åke", "Rolf", "Kjell", "Leif", "Stig", "Bertil", "Ingvar", "Hans", "Tore", "Sten",
  "Rune", "Gösta", "Björn", "Ulf", "Håkan", "Torbjörn", "Mikael", "Thomas", "Peter", "Stefan", "André", "René",
  "Örjan", "Sören", "Östen", "Karl-Erik", "Lars-Göran", "Per-Olof", "Arne", "Evert", "Folke", "Gustav", "Harald",
  "Ragnar", "Tage", "Valter", "Jöns",
];
export const SURNAMES = [
  "Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson",
  "Gustafsson", "Pettersson", "Jonsson", "Jansson", "Hansson", "Bengtsson", "Jönsson", "Lindberg", "Jakobsson",
  "Magnusson", "Olofsson", "Lindström", "Lindqvist", "Lindgren", "Berg", "Axelsson", "Bergström", "Lundberg",
  "Lind", "Lundgren", "Lundqvist", "Mattsson", "Berglund", "Fredriksson", "Sandberg", "Henriksson", "Forsberg",
  "Sjöberg", "Wallin", "Engström", "Eklund", "Danielsson", "Lundin", "Håkansson", "Björk", "Bergman", "Gunnarsson",
  "Holm", "Wikström", "Samuelsson", "Isaksson", "Fransson", "Bergqvist", "Nyström", "Holmberg", "Arvidsson",
  "Löfgren", "Söderberg", "Nyberg", "Blomqvist", "Claesson", "Nordström", "Mårtensson", "Lundström", "Viklund",
  "Björklund", "Eliasson", "Pålsson", "Berggren", "Sandström", "Lund", "Nordin", "Ström", "Åberg", "Hermansson",
  "Ekström", "Holmgren", "Sundberg", "Hedlund", "Dahlberg", "Hellström", "Sjögren", "Abrahamsson", "Falk", "Öberg",
  "Andreasson", "Blom", "Ek", "Månsson", "Åkesson", "Rosén", "Lindén", "Sundström", "Strand", "Sjöström",
  "Nordqvist", "Östlund", "Öhman", "Bäckström", "Hägg", "Nordén", "Ahlén", "Sandén", "Wahlén", "Fält",
];

/** Surnames that begin a parlour's name ("Lindqvists Begravningsbyrå"). */
export const PARLOUR_FAMILY_NAMES = [
  "Lindqvist", "Bergström", "Holm", "Ekman", "Sjöberg", "Åkerlund", "Nordén", "Ström", "Wikström", "Håkansson",
  "Öberg", "Lundh", "Rosén", "Almqvist", "Björk", "Fält", "Hedman", "Sandell",
];

export const STREETS = [
  "Storgatan", "Kyrkogatan", "Drottninggatan", "Järnvägsgatan", "Nygatan", "Skolgatan", "Torggatan", "Ågatan",
  "Västra vägen", "Strandvägen", "Parkgatan", "Kungsgatan", "Södra Långgatan", "Östra Hamngatan", "Prästgårdsgatan",
  "Kyrkvägen", "Bangårdsgatan", "Köpmangatan", "Hantverkargatan", "Sjögatan", "Lilla Torget", "Norra Allén",
];
