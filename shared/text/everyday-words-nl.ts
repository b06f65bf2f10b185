/**
 * Dutch forms of the everyday-words table's concepts (everyday-words.ts), one concept a line:
 * `english | nl`, the English cell being the concept's first English form there. Kept apart so the
 * five-language table keeps its shape; the loader (everyday-lexicon.ts) joins them and fails on a
 * concept with no Dutch line or a line naming no concept. Forms that are common English words with
 * another sense ("kind", "arts", "brief", "man", "land", "van") are left out, as in the table.
 */
export const DUTCH_WORDS = `
rent | huur, kale huur, huurprijs
deposit | borg, borgsom, waarborgsom, aanbetaling
bill | factuur, rekening, nota
receipt | kassabon, kwitantie, bonnetje
amount | bedrag
total | totaal, totaalbedrag
price | prijs, kosten
fee | tarief, vergoeding, kosten
tax | belasting
vat | btw
discount | korting
refund | terugbetaling, restitutie
payment | betaling, betalen
instalment | termijnbedrag, voorschot, maandbedrag
balance | saldo, tegoed
account | rekening, rekeningnummer
bank | bank
transfer | overboeking, overschrijving
debit | incasso, afschrijving
salary | salaris, loon
pension | pensioen
cash | contant, contanten
card | kaart, pinpas, bankpas
due | vervalt, te betalen, verschuldigd
deadline | uiterste datum, termijn
penalty | boete
reminder | herinnering, aanmaning
cheap | goedkoop
expensive | duur
free | gratis, kosteloos
budget | budget, begroting
savings | spaargeld, besparing
money | geld
electricity | stroom, elektriciteit
energy | energie
gas | gas
water | water
heating | verwarming, stookkosten
meter | meterstand, energiemeter
reading | meteropname, opname
consumption | verbruik
contract | contract, huurovereenkomst, overeenkomst, huurcontract
insurance | verzekering
claim | schademelding, claim
subscription | abonnement
order | bestelling, opdracht
date | datum
day | dag, dagen
week | week, weken
month | maand, maanden
year | jaar, jaren
today | vandaag
tomorrow | morgen
yesterday | gisteren
morning | ochtend
afternoon | middag
evening | avond
night | nacht, overnachting
noon | twaalf uur
hour | uur, uren
minute | minuut, minuten
time | tijd, tijdstip
appointment | afspraak
meeting | vergadering, overleg, bijeenkomst
schedule | rooster, dienstregeling, planning
opening | openingstijden
start | aanvang, begint, ingangsdatum
end | einde, eindigt
until | tot en met, uiterlijk
monday | maandag
tuesday | dinsdag
wednesday | woensdag
thursday | donderdag
friday | vrijdag
saturday | zaterdag
sunday | zondag
january | januari
february | februari
march | maart
april | april
may | mei
june | juni
july | juli
august | augustus
september | september
october | oktober
november | november
december | december
holiday | vakantie, feestdag, verlof
birthday | verjaardag
weekend | weekend
delay | vertraging, vertraagd
cancel | annuleren, geannuleerd, annulering, opzegging
postpone | uitstellen, uitgesteld
flat | appartement, woning
house | huis, woning
room | kamer
hall | hal, zaal
landlord | verhuurder, huisbaas
tenant | huurder
neighbour | buurman, buurvrouw, buren
key | sleutel
door | deur, voordeur
building | gebouw, pand
floor | verdieping, etage
basement | kelder
garage | garage
parking | parkeerplaats, parkeren
estimate | offerte, prijsopgave, kostenraming
repair | reparatie, repareren
plumber | loodgieter
electrician | elektricien
painter | schilder, schildersbedrijf
damage | schade
move in | intrek, inhuizing
move out | verhuizing
handover | oplevering, inspectie, bezichtiging
viewing | bezichtiging
notice | opzegging, mededeling
rubbish | afval, vuilnis
bin | container, kliko, afvalbak, minicontainer
organic | gft, gft-afval, compost
paper | papier, oud papier, karton
recycling | milieustraat, milieupark, recyclage
caretaker | conciërge, huismeester, beheerder
quiet hours | rusttijden, stilte, nachtrust
sofa | zitbank, bankstel
internet | internet
ticket | kaartje, vervoersbewijs, toegangsbewijs
train | trein
station | station
platform | spoor, perron
bus | bus
flight | vlucht
airport | luchthaven, vliegveld
departure | vertrek, vertrektijd
arrival | aankomst, aankomsttijd
seat | zitplaats, stoel
row | rij
booking | boeking, reservering
passport | paspoort
luggage | bagage, koffer
hotel | hotel
trip | reis
outing | uitstapje, excursie, schoolreis
pick up | ophalen, ophaling, afhalen, inzameling
delivery | levering, bezorging, bezorgen, afleveren, afleveradres, bezorgadres
parcel | pakket, pakje
load | lading, zending, vracht
pallet | pallet, pallets
address | adres
street | straat
city | stad, woonplaats
country | land van herkomst
postcode | postcode
map | plattegrond, kaart
car | auto, voertuig
bike | fiets
doctor | huisarts, dokter
dentist | tandarts, tandheelkundig
hospital | ziekenhuis, kliniek
pharmacy | apotheek
prescription | recept
medicine | medicijn, medicijnen, geneesmiddel
pill | tablet, pil
antibiotic | antibioticum, antibiotica
dose | dosis, dosering
ill | ziek
pain | pijn
allergy | allergie
vaccination | vaccinatie, vaccin
health | gezondheid
work | werk, baan
employer | werkgever
colleague | collega
boss | baas, leidinggevende
office | kantoor
company | bedrijf, onderneming, firma
customer | klant
meeting room | vergaderruimte, vergaderzaal
absence | afwezigheid, verlof
task | taak
application | sollicitatie, aanvraag
interview | sollicitatiegesprek, gesprek
family | familie, gezin
mother | moeder, mama
father | vader, papa
parents | ouders
parent evening | ouderavond, tienminutengesprek, oudergesprek
grandmother | oma, grootmoeder
grandfather | opa, grootvader
grandparents | grootouders
son | zoon
daughter | dochter
child | kinderen
brother | broer
sister | zus, zuster
uncle | oom
aunt | tante
cousin | neef, nicht
husband | echtgenoot
wife | vrouw, echtgenote
friend | vriend, vriendin
wedding | bruiloft, huwelijk
dinner | avondeten
lunch | middageten
breakfast | ontbijt
dessert | toetje, nagerecht
cake | taart
food | eten, maaltijd
drink | drankje, drankjes, dranken
party | feest, feestje
gift | cadeau, cadeautje
bring | meenemen, meebrengen
name | naam, voornaam, achternaam
first name | voornaam
surname | achternaam
birth | geboorte, geboortedatum, geboren
signature | handtekening, ondertekenen
form | formulier
document | document
certificate | certificaat, verklaring
number | nummer, nr
reference | kenmerk, referentie, klantnummer
condition | voorwaarden
duration | looptijd, duur, periode
notice period | opzegtermijn
renewal | verlenging
expiry | vervaldatum, geldig tot, verloopt
valid | geldig
approval | goedkeuring, goedgekeurd
request | verzoek, aanvraag
confirmation | bevestiging, bevestigd
status | status
phone | telefoon, telefoonnummer, mobiel
email | e-mail
letter | brieven, schrijven
message | bericht
call | bellen, oproep
contact | contactpersoon
question | vraag, vragen
answer | antwoord, antwoorden
help | hulp
urgent | dringend, spoed
ferry | veerboot, veerpont, overtocht
boat | boot, schip
toll | tol, tolgeld
tourist tax | toeristenbelasting
transport | transport, vervoer, transportkosten, verzendkosten
cabin | hut, cabine
furniture | meubels, meubilair
deck | dek
passenger | passagier, reiziger
guest | gast, gasten
reception | receptie, balie
check-in | inchecken
check-out | uitchecken
boarding | instappen
gate | gate
return | terugreis, retour
outbound | heenreis
stop | halte
bed | bed
person | persoon, personen
adult | volwassene, volwassenen
included | inclusief, inbegrepen
weight | gewicht
size | maat, grootte
eye | oog, ogen, oogarts
new | nieuw, nieuwe
sender | afzender
recipient | ontvanger, geadresseerde
subject | onderwerp, betreft
issued | uitgegeven, factuurdatum
nationality | nationaliteit
shop | winkel
supermarket | supermarkt
hardware store | bouwmarkt, ijzerwinkel, ijzerwaren
school | school
class | les, klas
teacher | leraar, lerares, docent
homework | huiswerk
exam | examen, toets, tentamen
weather | weerbericht
rain | regen
clothes | kleding, kleren
gym | sportschool, gymzaal
music | muziek
museum | museum
concert | concert
cinema | bioscoop
restaurant | restaurant
table | tafel
open | geopend
closed | gesloten
entrance | ingang
exit | uitgang
near | dichtbij, in de buurt
problem | probleem
leave with | afgeven
buy | kopen
sell | verkopen
send | sturen, versturen
`;
