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
free | gratis, kosteloos, kosteloze, zonder kosten
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
signature | handtekening, ondertekenen, ondertekend, getekend
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
guest | gast, gasten, genodigden
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
teacher | leraar, lerares, docent, leraren, docenten, leerkracht, leerkrachten
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
# home repairs, appliances and the building
boiler | cv-ketel, ketel, geiser, warmwaterboiler
radiator | radiator, radiatoren, verwarmingselement
installation | installatie, installeren, geïnstalleerd, plaatsing
technician | monteur, technicus, servicemonteur
tradesman | vakman, klusjesman, bouwvakker, aannemer
leak | lekkage, lekt, waterschade
broken | kapot, stuk, storing, buiten gebruik, werkt niet
shower | douchecabine, douchen
toilet | wc, toiletten
bathroom | badkamer
lock | deurslot, sloten, cilinderslot
mould | schimmel, vocht, vochtig
washing machine | wasmachine
dishwasher | vaatwasser, vaatwasmachine
fridge | koelkast
cleaning | schoonmaak, schoonmaken, reiniging, eindschoonmaak, schoonmaakkosten
cleaner | schoonmaker, schoonmaakster, werkster
warranty | garantie
spare part | onderdeel, onderdelen, reserveonderdeel
labour | arbeidsloon, arbeidskosten, arbeid
call-out | voorrijkosten
materials | materiaal, materiaalkosten, materialen
hourly rate | uurtarief
power cut | stroomstoring, stroomuitval
roof | dak
wall | muur, muren
garden | tuin
stairs | trappenhuis, trappen
lift | lift
mailbox | brievenbus
smoke detector | rookmelder
service charges | servicekosten, bijkomende kosten
noise | lawaai, geluidsoverlast
laundry | wasruimte, wasserette, wasgoed
# travel, transport and stays
arrivals hall | aankomsthal, aankomst
departures hall | vertrekhal
underground | metro
tram | tram
metro line | lijn
bus stop | bushalte, halte
on foot | te voet, lopen, loopafstand
rental car | huurauto, autoverhuur
driver | chauffeur, bestuurder
traffic jam | verkeersopstopping, in de file
connection | overstap, overstappen, aansluiting
boarding pass | instapkaart
security check | veiligheidscontrole
hand luggage | handbagage
checked baggage | ruimbagage
host | gastheer, gastvrouw
accommodation | accommodatie, onderkomen, logies
stay | verblijf
key box | sleutelkluis, sleutelkastje
password | wachtwoord
towel | handdoek, handdoeken
bed linen | beddengoed, lakens
pet | huisdier, huisdieren
dog | hond, honden
vet | dierenarts, dierenkliniek
id card | identiteitskaart, ID-kaart, legitimatie
driving licence | rijbewijs
embassy | ambassade, consulaat
town hall | gemeentehuis, stadhuis, gemeentekantoor
registration | inschrijving, aanmelding, registratie, inschrijven
residence permit | verblijfsvergunning
tax return | belastingaangifte, aangifte inkomstenbelasting
fare | ritprijs, reiskosten
travel card | abonnement, ov-chipkaart, maandabonnement
rental | verhuur, huren, gehuurd
city centre | centrum, binnenstad, stadscentrum
old town | oude binnenstad, historisch centrum
customs | douane
beach | het strand, aan zee
swimming pool | zwembad
campsite | camping
single room | eenpersoonskamer
double room | tweepersoonskamer
guided tour | rondleiding, stadswandeling
meeting point | verzamelpunt, ontmoetingspunt, verzamelplaats
parcel locker | pakketautomaat, afhaalpunt, pakketpunt
lost and found | gevonden voorwerpen
police | politie
post office | postkantoor
library | bibliotheek
playground | speeltuin
church | kerk
on time | op tijd, stipt
early | vroeg, vroegtijdig
expected | gepland, verwacht, voorzien
take place | plaatsvinden, vindt plaats
# school and exchange
pupil | leerling, leerlingen, studenten, scholier, scholieren
exchange | uitwisseling, uitwisselingsstudent
host family | gastgezin
headteacher | directeur, directrice, schoolleider
class teacher | mentor, klassenleraar, klassenlerares
semester | semester, schooljaar
report card | schoolrapport, rapportcijfers
canteen | kantine, schoolkantine
kindergarten | kinderopvang, kinderdagverblijf, peuterspeelzaal
childcare | naschoolse opvang, buitenschoolse opvang, BSO
packed lunch | lunchpakket, broodtrommel
snack | tussendoortje, versnapering
permission | toestemming, toestemmingsformulier
agreement | overeenkomst, akkoord
# family invitations and occasions
invitation | uitnodiging, uitnodigen, uitgenodigd
surprise | verrassing, verrassingsfeest
anniversary | jubileum, trouwdag
christening | doop, doopfeest
funeral | begrafenis, uitvaart
engagement | verloving, verloofd
photo | foto's, fotootjes
album | fotoalbum
rsvp | aanmelden, aanwezig, deelnemen
venue | locatie, feestzaal
dress code | kledingvoorschrift, dresscode
menu | menukaart, menu van de dag
barbecue | barbecue
vegetarian | vegetarisch
groceries | boodschappen
market | markt, weekmarkt
bakery | bakkerij, bakker
# health
doctor's office | praktijk, huisartsenpraktijk, gezondheidscentrum
nurse | verpleegkundige, verpleger, verpleegster
patient | patiënt, patiënten
health insurance | zorgverzekering, zorgpas, verzekeringspas
fever | koorts
cough | hoest, hoesten
flu | griep, verkoudheid
blood test | bloedonderzoek, bloedafname, bloedprik
x-ray | röntgenfoto, röntgen
emergency | spoed, spoedeisende hulp, noodgeval, huisartsenpost
ointment | zalf, crème
syrup | siroop, hoestdrank, druppels, oogdruppels
side effects | bijwerkingen, bijwerking
daily | per dag, dagelijks, keer per dag
with meals | voor het eten, na het eten, bij de maaltijd
empty stomach | nuchter, op een lege maag
on duty | dienstapotheek, avondapotheek, dienstdoende
glasses | bril, contactlenzen
physio | fysiotherapie, fysiotherapeut, fysio
sick note | ziekmelding, ziekteverlof, ziekteverklaring
surgery | operatie, ingreep
result | uitslag, uitslagen, resultaat, resultaten
# money on the card and in the account
pending | in behandeling, in afwachting, openstaand
charged | afgeschreven, in rekening gebracht, belast
released | vrijgegeven, teruggeboekt
hold | geblokkeerd, reservering, voorautorisatie
transaction | transactie, transacties, boeking
statement | rekeningafschrift, afschrift, bankafschrift
atm | geldautomaat, pinautomaat
exchange rate | wisselkoers
interest rate | rente, rentepercentage
loan | lening, hypotheek, krediet
paid | betaald, voldaan
unpaid | onbetaald, openstaand, nog te betalen
surcharge | toeslag, meerprijs
non-refundable | niet-restitueerbaar, niet terugbetaalbaar
voucher | waardebon, tegoedbon, cadeaubon, cadeaukaart
tip | fooi
# work mail
day off | vrije dag, vrij, verlofdag
overtime | overuren, overwerk
shift | dienst, diensten, nachtdienst, vroege dienst, late dienst
project | projecten
report | verslag, rapportage
agenda | agenda
presentation | presentatie
video call | videogesprek, videobellen, videovergadering
payslip | loonstrook, salarisstrook
expenses | onkosten, declaratie, onkostenvergoeding
training | cursus, opleiding, scholing
course | cursus, module
probation | proeftijd
working hours | werktijden, arbeidstijd, kantoortijden
working from home | thuiswerken, thuiswerkdag
hr | personeelszaken, HR-afdeling
staff | medewerkers, medewerker, personeel
egg | ei, eieren, eidooier
flour | bloem, meel
butter | boter, roomboter
sugar | suiker, kristalsuiker
milk | melk
cream | slagroom, kookroom, crème fraîche
cheese | kaas
salt | zout
olive oil | olie, olijfolie
onion | ui, uien
garlic | knoflook, teentje knoflook, teentjes knoflook
tomato | tomaat, tomaten
potato | aardappel, aardappelen, aardappels
carrot | wortel, wortels, worteltjes
apple | appel, appels
lemon | citroen
coconut | kokos, kokosmelk
rice | rijst
chicken | kip, kipfilet
meat | vlees
stock | bouillon
wine | wijn
yeast | gist
dough | deeg, beslag
lentils | linzen
oven | oven
ingredients | ingrediënten
recipe | recept
servings | porties, personen
tablespoon | eetlepel, el
teaspoon | theelepel, tl
`;
