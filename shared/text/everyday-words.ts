/**
 * Everyday words of mail, bills, forms and chats, by concept: English, then German, French, Spanish,
 * Italian and Portuguese. Written by hand from the languages themselves (no word list on npm with a
 * permissive licence covers these five languages by concept). One concept a line:
* `en | de | fr | es | it | pt`, each cell's forms split by commas; a form may be a short phrase.
 *
 * Forms that are also common English words with another sense ("Handy", "Gift", "also", "car",
 * "data", "Bad") are left out on purpose: an English screen would meet them by chance.
 */
export const EVERYDAY_WORDS = `
# money and bills
rent | Miete, Kaltmiete, Warmmiete, Mietzins | loyer | alquiler, renta | affitto, canone | aluguel, aluguer, renda
deposit | Kaution, Mietkaution, Anzahlung | caution, dépôt de garantie, dépôt, acompte | fianza, depósito | cauzione, deposito, caparra | caução, depósito, sinal
bill, invoice | Rechnung | facture | factura, recibo | fattura, bolletta | fatura, conta
receipt | Quittung, Beleg, Kassenbon | reçu, ticket de caisse | recibo, ticket | ricevuta, scontrino | recibo, talão
amount, sum | Betrag, Summe | montant, somme | importe, cantidad, suma | importo, somma | montante, valor, quantia
total | Gesamtbetrag, Gesamt, Summe, insgesamt | total | total | totale | total
price, cost | Preis, Kosten | prix, coût, tarif | precio, coste, costo | prezzo, costo | preço, custo
fee, charge | Gebühr, Entgelt | frais | tarifa, comisión | tariffa, commissione, spese | taxa, tarifa, comissão
tax | Steuer | impôt, taxe | impuesto, tasa | imposta, tassa | imposto, taxa
vat | MwSt, Mehrwertsteuer, USt, Umsatzsteuer | TVA | IVA | IVA | IVA
discount | Rabatt, Ermäßigung, Nachlass | remise, réduction, rabais | descuento, rebaja | sconto | desconto
refund | Erstattung, Rückerstattung, Gutschrift | remboursement, avoir | reembolso, devolución | rimborso | reembolso, devolução
payment, pay | Zahlung, zahlen, bezahlen, Bezahlung | paiement, payer, règlement | pago, pagar | pagamento, pagare | pagamento, pagar
instalment, installment | Ratenzahlung, Abschlag, Abschlagszahlung | échéance, mensualité | plazo, cuota | rata | prestação
balance | Saldo, Kontostand, Guthaben | solde | saldo | saldo | saldo
account | Konto | compte | cuenta | conto | conta
bank | Bank | banque | banco | banca | banco
transfer | Überweisung | virement | transferencia | bonifico | transferência
debit | Lastschrift, Abbuchung | prélèvement | domiciliación, adeudo | addebito | débito
salary, wage, pay | Gehalt, Lohn | salaire | salario, sueldo, nómina | stipendio, salario | salário, ordenado
pension, retirement | Rente, Altersrente, Ruhestand | retraite | pensión, jubilación | pensione | pensão, reforma
cash | Bargeld | espèces, liquide | efectivo | contanti | dinheiro, numerário
card | Karte | carte | tarjeta | carta | cartão
due, payable | fällig, zahlbar | échéance, exigible, à payer | vencimiento, a pagar | scadenza, da pagare | vencimento, a pagar
deadline | Frist, Termin, Stichtag | délai, date limite | plazo, fecha límite | scadenza, termine | prazo
penalty | Strafe, Bußgeld, Mahngebühr | amende, pénalité | multa, sanción | multa, sanzione | multa, coima
reminder | Mahnung, Erinnerung | rappel, relance | recordatorio, aviso | sollecito, promemoria | lembrete, aviso
cheap | günstig, billig | bon marché, pas cher | barato | economico | barato
expensive | teuer | cher | caro | caro | caro
free, free of charge | kostenlos, gratis, umsonst, kostenfrei, gebührenfrei | gratuit, gratuite, sans frais | gratis, gratuito, gratuita, sin coste, sin cargo | gratis, gratuito, gratuita, senza costi | grátis, gratuito, gratuita, sem custos
budget | Budget, Etat | budget | presupuesto | budget, bilancio | orçamento
savings | Ersparnisse, Sparguthaben | économies, épargne | ahorros | risparmi | poupanças, economias
money | Geld | argent | dinero | soldi, denaro | dinheiro
electricity, power | Strom, Elektrizität | électricité | electricidad, luz | elettricità, luce | eletricidade, luz
energy | Energie | énergie | energía | energia | energia
gas | Gas | gaz | gas | gas | gás
water | Wasser | eau | agua | acqua | água
heating | Heizung, Heizkosten | chauffage | calefacción | riscaldamento | aquecimento
meter | Zähler, Zählerstand | compteur | contador | contatore | contador
reading | Ablesung, Zählerablesung | relevé | lectura | lettura | leitura
consumption, usage | Verbrauch | consommation | consumo | consumo | consumo
contract, lease, tenancy | Vertrag, Mietvertrag | contrat, contrat de location | contrato, arrendamiento | contratto, locazione | contrato, arrendamento
insurance | Versicherung | assurance | seguro | assicurazione | seguro
claim | Schadensmeldung, Anspruch, Schadenfall | sinistre, réclamation | siniestro, reclamación | sinistro, reclamo | sinistro, reclamação
subscription | Abo, Abonnement | abonnement | suscripción | abbonamento | assinatura
order | Bestellung, Auftrag | commande | pedido | ordine | encomenda, pedido
# dates and times
date | Datum | date | fecha | data di, in data | data de, em data
day, days | Tag, Tage, Tagen | jour, jours, journée | día, días | giorno, giorni | dia, dias
week, weeks | Woche, Wochen, Kalenderwoche | semaine, semaines | semana, semanas | settimana, settimane | semana, semanas
month, months | Monat, Monate, Monaten | mois | mes, meses | mese, mesi | mês, meses
year, years | Jahr, Jahre, Jahren | année, années, ans | año, años | anno, anni | ano, anos
today | heute | aujourd'hui | hoy | oggi | hoje
tomorrow | morgen | demain | mañana | domani | amanhã
yesterday | gestern | la veille, hier soir | ayer | ieri | ontem
morning | Morgen, Vormittag | matin, matinée | mañana | mattina, mattino | manhã
afternoon | Nachmittag | après-midi | tarde | pomeriggio | tarde
evening | Abend | soir, soirée | tarde, noche | sera | noite
night | Nacht, Nächte, Übernachtung | nuit, nuitée | noche | notte, notti, pernottamento | noite
noon, midday | Mittag | midi pile, à midi | mediodía | mezzogiorno | meio-dia
hour, hours | Stunde, Stunden, Uhr | heure, heures | hora, horas | ora, ore | hora, horas
minute, minutes | Minute, Minuten | minute, minutes | minuto, minutos | minuto, minuti | minuto, minutos
time | Zeit, Uhrzeit | heure, temps | hora, tiempo | ora, orario | hora, horário
appointment | Termin, Verabredung | rendez-vous | cita | appuntamento | consulta, marcação
meeting | Besprechung, Treffen, Sitzung | réunion | reunión | riunione | reunião
schedule, timetable | Fahrplan, Stundenplan, Zeitplan | horaire, emploi du temps | horario | orario | horário
opening | Öffnungszeiten | horaires d'ouverture, ouverture | horario de apertura, apertura | orari di apertura, apertura | horário de funcionamento, abertura
start, begin | Beginn, Anfang, beginnt | début, commence | inicio, comienzo, empieza | inizio, comincia | início, começa
end, finish | Ende, endet | se termine | termina | termina | fim, termina
until | bis | jusqu'au | hasta | fino al, entro | até ao, até à
monday | Montag | lundi | lunes | lunedì | segunda-feira
tuesday | Dienstag | mardi | martes | martedì | terça-feira
wednesday | Mittwoch | mercredi | miércoles | mercoledì | quarta-feira
thursday | Donnerstag | jeudi | jueves | giovedì | quinta-feira
friday | Freitag | vendredi | viernes | venerdì | sexta-feira
saturday | Samstag, Sonnabend | samedi | sábado | sabato | sábado
sunday | Sonntag | dimanche | domingo | domenica | domingo
january | Januar, Jänner | janvier | enero | gennaio | janeiro
february | Februar | février | febrero | febbraio | fevereiro
march | März | mars | marzo | marzo | março
april | April | avril | abril | aprile | abril
may | Mai | mai | mayo | maggio | maio
june | Juni | juin | junio | giugno | junho
july | Juli | juillet | julio | luglio | julho
august | August | août | agosto | agosto | agosto
september | September | septembre | septiembre | settembre | setembro
october | Oktober | octobre | octubre | ottobre | outubro
november | November | novembre | noviembre | novembre | novembro
december | Dezember | décembre | diciembre | dicembre | dezembro
holiday, vacation | Urlaub, Ferien, Feiertag | vacances, congé, jour férié | vacaciones, festivo | vacanze, ferie, festivo | férias, feriado
birthday | Geburtstag | anniversaire | cumpleaños | compleanno | aniversário
weekend | Wochenende | week-end | fin de semana | fine settimana | fim de semana
delay, late | Verspätung, verspätet | en retard | retraso, tarde | ritardo, in ritardo | atraso, atrasado
cancel, cancelled, cancellation | absagen, abgesagt, Stornierung, storniert, Kündigung, gekündigt | annuler, annulé, annulation, résiliation | cancelar, cancelado, cancelación, anulación | annullare, annullato, disdetta, cancellazione | cancelar, cancelado, cancelamento, anulação
postpone | verschieben, verschoben | reporté | aplazar, aplazado, posponer | rinviare, rinviato, posticipare | adiar, adiado
# home and renting
flat, apartment | Wohnung | appartement, logement | piso, apartamento, vivienda | appartamento | apartamento, casa
house, home | Haus, Zuhause | maison, domicile | casa, hogar | casa | casa, lar
room | Zimmer, Raum | chambre, salle | habitación, cuarto, sala | stanza, sala | quarto, sala
hall | Halle, Saal | salle, hall | sala, salón, pabellón | sala, salone, padiglione | sala, salão, pavilhão
landlord, landlady | Vermieter, Vermieterin, Hausverwaltung | propriétaire, bailleur | casero, casera, propietario, arrendador | padrone di casa, proprietario, locatore | senhorio, senhoria, proprietário
tenant | Mieter, Mieterin | locataire | inquilino | inquilino | inquilino, arrendatário
neighbour, neighbor | Nachbar, Nachbarin | voisin, voisine | vecino, vecina | vicino, vicina | vizinho, vizinha
key | Schlüssel | clé, clef | llave | chiave | chave
door | Tür, Haustür | porte | puerta | porta | porta
building | Gebäude, Haus | immeuble, bâtiment | edificio | edificio, palazzo | edifício, prédio
floor, storey | Etage, Stockwerk | étage | planta, piso | piano terra, primo piano | andar, piso
basement, cellar | Keller | sous-sol | sótano | cantina, seminterrato | porão
garage | Garage, Werkstatt, Autowerkstatt, Autohaus | garage | garaje, cochera | garage, officina | garagem, oficina
parking | Parkplatz, Stellplatz | parking, stationnement, place de parking | aparcamiento, estacionamiento, plaza de garaje | parcheggio, posto auto | estacionamento, lugar de garagem
estimate, quote, quotation | Kostenvoranschlag, Voranschlag, Angebot | devis | presupuesto | preventivo | orçamento
repair | Reparatur, reparieren | réparation, réparer | reparación, arreglo, reparar | riparazione, riparare | reparação, conserto, reparar
plumber, plumbing | Klempner, Installateur, Sanitär | plombier, plomberie | fontanero, fontanería, plomero | idraulico, idraulica | canalizador, encanador, canalização
electrician | Elektriker | électricien | electricista | elettricista | eletricista
painter, decorator | Maler, Malerbetrieb | peintre | pintor | imbianchino, pittore | pintor
damage | Schaden, Beschädigung | dommage, dégât, dégâts | daño, desperfecto | danno | dano, estrago
move in | Einzug | emménagement | mudanza, entrada | trasloco, ingresso | mudança, entrada
move out, moving | Auszug, Umzug | déménagement, état des lieux de sortie | mudanza, salida | trasloco | mudança
handover, hand over, walkthrough, inspection | Übergabe, Wohnungsübergabe, Abnahme, Besichtigung | état des lieux, visite | inspección, revisión, visita | sopralluogo, consegna, visita | vistoria, inspeção, visita
viewing | Besichtigung | visite | visita | visita | visita
notice | Kündigung, Mitteilung, Bekanntmachung | préavis, avis | preaviso, aviso | preavviso, avviso | pré-aviso, aviso
rubbish, garbage, trash, waste | Müll, Abfall | ordures, déchets, poubelle | basura, residuos | spazzatura, rifiuti | lixo, resíduos
bin, bins, wheelie bin | Tonne, Mülltonne | poubelle, bac, conteneur | contenedor, cubo | bidone, cassonetto, contenitore | contentor, ecoponto
organic, compost, food waste, garden waste | Biotonne, Biomüll, Bioabfall, Kompost | biodéchets, déchets verts, compost | orgánico, orgánica, residuos orgánicos | umido, organico, organica | orgânico, orgânicos, biorresíduos
paper, cardboard | Papier, Altpapier, Pappe | papier, papiers, carton | papel, cartón | carta, cartone | papel, cartão, papelão
recycling, recycling centre, recycling center | Wertstoffhof, Recyclinghof, Wertstoffe | déchetterie, recyclage | punto limpio, reciclaje | isola ecologica, riciclaggio, raccolta differenziata | ecocentro, reciclagem
caretaker, janitor, superintendent, concierge | Hausmeister, Hausmeisterin, Hauswart | concierge, gardien, gardienne | conserje, portero, portera | portiere, portineria, custode | porteiro, porteira, zelador
quiet hours, quiet time, quiet | Ruhezeit, Ruhezeiten, Mittagsruhe, Nachtruhe | heures de repos, silence | horas de silencio, silencio, descanso | ore di silenzio, silenzio, riposo | horas de silêncio, silêncio, descanso
sofa, couch | Sofa, Couch | canapé | sofá | divano | sofá
internet | Internet, WLAN | internet | internet | internet | internet
# travel and tickets
ticket | Ticket, Fahrkarte, Karte, Eintrittskarte | billet, ticket | billete, entrada, boleto | biglietto | bilhete, ingresso
train | Zug, Bahn | train | tren | treno | comboio, trem
station | Bahnhof, Haltestelle, Station | gare, station | estación | stazione | estação
platform | Gleis, Bahnsteig | quai, voie | andén | binario | plataforma, linha, cais
bus | Bus | bus | autobús, bus | autobus | autocarro, ônibus
flight | Flug | vol direct, numéro de vol | vuelo | volo | voo
airport | Flughafen | aéroport | aeropuerto | aeroporto | aeroporto
departure, depart, leave | Abfahrt, Abflug, Abreise | départ | salida | partenza | partida
arrival, arrive | Ankunft, ankommen, kommt an | arrivée, arrive | llegada, llega, llegar | arrivo, arriva | chegada, chega
seat | Platz, Sitzplatz, Sitz | siège | asiento, plaza | posto | lugar, assento
row | Reihe | rangée | fila | fila | fila
booking, reservation | Buchung, Reservierung | réservation | reserva | prenotazione | reserva
passport | Reisepass | passeport | pasaporte | passaporto | passaporte
luggage, baggage, suitcase | Gepäck, Koffer | bagage, bagages, valise | equipaje, maleta | bagaglio, valigia | bagagem, mala
hotel | Hotel | hôtel | hotel | albergo, hotel | hotel
trip, journey, travel | Reise, Fahrt | voyage, trajet | viaje, trayecto | viaggio | viagem
outing, excursion, school trip, day trip | Ausflug, Klassenfahrt, Exkursion | excursion, sortie scolaire | excursión, salida escolar | gita, escursione | excursão, visita de estudo
pick up, collect, pickup, collection | abholen, Abholung, Abholtermin, Abfuhr, Leerung | chercher, récupérer, retirer, retrait, enlèvement, ramassage, collecte | recoger, buscar, recogida | prendere, ritirare, ritiro, raccolta | buscar, apanhar, levantar, levantamento, recolha
delivery, deliver | Lieferung, Zustellung, liefern | livraison, livrer | entrega, envío, entregar | consegna, consegnare | entrega, entregar
parcel, package | Paket, Sendung | colis | paquete | pacco | encomenda, pacote
load, shipment, consignment, freight, cargo | Ladung, Sendung, Fracht, Frachtgut | chargement, envoi, cargaison, fret | carga, envío, mercancía | carico, spedizione, merce | carga, remessa, mercadoria
pallet, pallets | Palette, Paletten | palette, palettes | palé, palés, palet | bancale, bancali, pallet | palete, paletes
address | Adresse, Anschrift | adresse | dirección, domicilio | indirizzo | morada, endereço
street | Straße, Strasse, Str | rue, avenue | calle, avenida | strada, corso | rua, avenida
city, town | Stadt, Ort | ville | ciudad, pueblo | città, paese | cidade
country | Staat, Staatsangehörigkeit | pays | país | paese | país
postcode, zip | Postleitzahl, PLZ | code postal | código postal | codice postale | código postal
map | Karte, Stadtplan | carte | mapa, plano | mappa, cartina | mapa
car | Wagen, Fahrzeug | voiture, véhicule | coche, vehículo, carro | macchina, veicolo | carro, viatura, veículo
bike, bicycle | Fahrrad | vélo | bicicleta, bici | bicicletta, bici | bicicleta
# health and pharmacy
doctor | Arzt, Ärztin, Hausarzt | médecin, docteur | médico, médica | medico, dottore | médico, médica
dentist, dental | Zahnarzt, Zahnärztin, Zahnarztpraxis, zahnärztlich | dentiste, dentaire | dentista, dental, odontología | dentista, dentistico, odontoiatrico | dentista, dentário, dentária
hospital | Krankenhaus, Klinik | hôpital, clinique | hospital, clínica | ospedale, clinica | hospital, clínica
pharmacy, chemist | Apotheke | pharmacie | farmacia | farmacia | farmácia
prescription | Rezept, Verordnung | ordonnance | receta | ricetta | receita
medicine, medication, drug | Medikament, Arznei, Arzneimittel | médicament | medicamento, medicina | farmaco, medicinale, medicina | medicamento, remédio
pill, tablet | Tablette, Pille | comprimé, pilule, cachet | comprimido | compressa, pastiglia, pillola | comprimido, pastilha
antibiotic, antibiotics | Antibiotikum, Antibiotika | antibiotique, antibiotiques | antibiótico | antibiotico | antibiótico
dose, dosage | Dosis, Dosierung | dose, posologie | dosis | dose, dosaggio | dose, posologia
ill, sick | krank | malade | enfermo, enferma, enfermedad | malato, malata | doente
pain | Schmerz, Schmerzen | douleur | dolor | dolore | dor
allergy | Allergie | allergie | alergia | allergia | alergia
vaccination, vaccine | Impfung, Impfstoff | vaccination, vaccin | vacuna, vacunación | vaccino, vaccinazione | vacina, vacinação
health | Gesundheit | santé | salud | salute | saúde
# work
work, job | Arbeit, Job, Stelle | travail, emploi, poste | trabajo, empleo, puesto | lavoro, impiego | trabalho, emprego
employer | Arbeitgeber | employeur | empleador, empresa | datore di lavoro | empregador, entidade patronal
colleague | Kollege, Kollegin | collègue | compañero, compañera, colega | collega | colega
boss, manager | Chefin, Vorgesetzter, Vorgesetzte, Leiter, Leiterin | responsable, directeur | jefe, jefa, responsable | capo, responsabile, direttore | chefe, responsável, gerente
office | Büro | bureau | oficina, despacho | ufficio | escritório
company, firm, business | Firma, Unternehmen, Gesellschaft, Betrieb | entreprise, société | empresa, compañía | azienda, società, ditta | empresa, companhia
customer, client | Kunde, Kundin | client, cliente | cliente | cliente | cliente
meeting room | Besprechungsraum | salle de réunion | sala de reuniones | sala riunioni | sala de reuniões
absence | Urlaub, Abwesenheit | congé, absence | permiso, ausencia, baja | permesso, assenza | licença, ausência, falta
task | Aufgabe | tâche | tarea | compito, attività | tarefa
application | Bewerbung, Antrag | candidature, demande | solicitud, candidatura | candidatura, domanda | candidatura, pedido, requerimento
interview | Vorstellungsgespräch, Gespräch | entretien | entrevista | colloquio | entrevista
# family and people
family | Familie | famille | familia | famiglia | família
mother, mum, mom | Mutter, Mama | mère, maman | madre, mamá | madre, mamma | mãe
father, dad | Vater, Papa | père, papa | padre, papá | padre, papà | pai
parents | Eltern | parents | padres | genitori | pais
parent evening, parents evening, parent-teacher meeting, parent teacher meeting | Elternabend, Elternsprechtag, Elterngespräch | réunion parents-professeurs, réunion de parents | reunión de padres, tutoría | ricevimento genitori, colloqui, consiglio di classe | reunião de pais, reunião de encarregados de educação
grandmother, grandma, granny | Großmutter, Oma | grand-mère, mamie | abuela | nonna | avó
grandfather, grandpa | Großvater, Opa | grand-père, papi | abuelo | nonno | avô
grandparents | Großeltern | grands-parents | abuelos | nonni | avós
son | Sohn | fils | hijo | figlio | filho
daughter | Tochter | fille | hija | figlia | filha
child, children, kid, kids | Kinder | enfant, enfants | niño, niña, niños, hijos | bambino, bambina, bambini, figli | criança, crianças, filhos
brother | Bruder | frère | hermano | fratello | irmão
sister | Schwester | sœur | hermana | sorella | irmã
uncle | Onkel | oncle | tío | zio | tio
aunt | Tante | tante | tía | zia | tia
cousin | Cousin, Cousine | cousin, cousine | primo, prima | cugino, cugina | primo, prima
husband | Ehemann | mari | marido, esposo | marito | marido
wife | Ehefrau | femme, épouse | mujer, esposa | moglie | mulher, esposa
friend | Freund, Freundin | ami, amie | amigo, amiga | amico, amica | amigo, amiga
wedding | Hochzeit | mariage | boda | matrimonio, nozze | casamento
dinner | Abendessen | dîner | cena | cena | jantar
lunch | Mittagessen | déjeuner | almuerzo, comida | pranzo | almoço
breakfast | Frühstück | petit-déjeuner | desayuno | colazione | pequeno-almoço, café da manhã
dessert | Nachtisch, Dessert, Nachspeise | dessert | postre | dolce, dessert | sobremesa
cake | Kuchen, Torte | gâteau | tarta, bizcocho | torta, dolce | bolo
food, meal | Essen, Mahlzeit | repas, nourriture | comida | cibo, pasto | comida, refeição
drink, drinks | Getränk, Getränke | boisson, boissons | bebida, bebidas | bevanda, bevande, bibite | bebida, bebidas
party | Feier, Party, Fest | fête, soirée | fiesta | festa | festa
gift | Geschenk | cadeau | regalo | regalo | presente, prenda
bring | mitbringen, bringe, bringt | apporter, apporte | traer, llevar, llevo, traigo | portare, porto | trazer, levar, levo
# cooking: a recipe's ingredients, its labels and its tools (the forms a recipe page prints, singular and plural)
egg, eggs | Ei, Eier, Eigelb, Eiweiß | œuf, œufs, oeuf, oeufs | huevo, huevos | uovo, uova | ovo, ovos
flour | Mehl, Weizenmehl | farine | harina | farina | farinha
butter | Butter | beurre | mantequilla | burro | manteiga
sugar | Zucker | sucre | azúcar | zucchero | açúcar
milk | Milch | lait | leche | latte intero, latte fresco | leite
cream | Sahne, Schlagsahne, Schmand | crème, crème fraîche | nata, crema de leche | panna, panna da cucina | natas, nata, creme de leite
cheese | Käse | fromage | queso | formaggio | queijo
salt | Salz | sel | sal | sale fino, sale grosso | sal
olive oil, oil | Öl, Olivenöl | huile, huile d'olive | aceite, aceite de oliva | olio, olio d'oliva | óleo, azeite
onion, onions | Zwiebel, Zwiebeln | oignon, oignons | cebolla, cebollas | cipolla, cipolle | cebola, cebolas
garlic | Knoblauch, Knoblauchzehe, Knoblauchzehen | gousse d'ail, gousses d'ail | ajo, ajos | aglio | alho
tomato, tomatoes | Tomate, Tomaten | tomate, tomates | tomate, tomates | pomodoro, pomodori | tomate, tomates
potato, potatoes | Kartoffel, Kartoffeln | pomme de terre, pommes de terre | patata, patatas | patata, patate | batata, batatas
carrot, carrots | Karotte, Karotten, Möhre, Möhren | carotte, carottes | zanahoria, zanahorias | carota, carote | cenoura, cenouras
apple, apples | Apfel, Äpfel | pomme, pommes | manzana, manzanas | mela, mele | maçã, maçãs
lemon | Zitrone | citron | limón | limone | limão
coconut | Kokos, Kokosnuss, Kokosmilch | noix de coco, coco | coco | cocco | coco
rice | Reis | riz | arroz | riso | arroz
chicken | Hähnchen, Huhn, Hühnchen | poulet | pollo | pollo | frango
meat | Fleisch | viande | carne | carne | carne
stock, broth | Brühe, Gemüsebrühe, Hühnerbrühe | bouillon | caldo | brodo | caldo
wine | Wein | vin | vino | vino | vinho
yeast | Hefe | levure | levadura | lievito | fermento
dough, batter | Teig | pâte | masa | impasto | massa
lentils | Linsen | lentilles | lentejas | lenticchie | lentilhas
oven | Backofen, Ofen | fourneau | horno | forno | forno
ingredients | Zutaten | ingrédients | ingredientes | ingredienti | ingredientes
recipe | Rezept | recette | receta | ricetta | receita
servings, portions, serves | Portionen, Portion, Personen | portions, personnes | raciones, porciones, comensales, personas | porzioni, persone | porções, doses, rendimento, pessoas
tablespoon, tbsp | Esslöffel, EL | cuillère à soupe, c. à s. | cucharada, cda | cucchiaio, cucchiai | colher de sopa, colheres de sopa
teaspoon, tsp | Teelöffel, TL | cuillère à café, c. à c. | cucharadita, cdta | cucchiaino, cucchiaini | colher de chá, colheres de chá
# forms and contracts
name | Name, Vorname, Nachname | nom, prénom | nombre, apellido | nome, cognome | nome, apelido, sobrenome
first name | Vorname | prénom | nombre | nome | nome próprio, primeiro nome
surname, last name | Nachname, Familienname | nom de famille | apellido, apellidos | cognome | apelido, sobrenome
birth | Geburt, Geburtsdatum, geboren | naissance | nacimiento | nascita, nato, nata | nascimento
signature, sign, signed | Unterschrift, unterschreiben, unterschrieben, unterzeichnet | signature, signer, signé, signée | firma, firmar, firmado, firmada | firma, firmare, firmato, firmata | assinatura, assinar, assinado, assinada
form | Formular, Antrag | formulaire | formulario, impreso | modulo | formulário, impresso
document | Dokument, Unterlagen | document | documento | documento | documento
certificate | Bescheinigung, Zeugnis, Urkunde | certificat, attestation | certificado | certificato | certificado
number | Nummer, Nr | numéro | número | numero | número
reference | Aktenzeichen, Referenz, Kundennummer | référence | referencia | riferimento | referência
condition, terms | Bedingungen | conditions | condiciones | condizioni | condições
duration, period | Laufzeit, Dauer, Zeitraum | durée, période | duración, periodo | durata, periodo | duração, período
notice period | Kündigungsfrist | préavis | preaviso | preavviso | pré-aviso
renewal | Verlängerung | renouvellement | renovación | rinnovo | renovação
expiry, expires | Ablauf, Ablaufdatum, gültig bis, läuft ab | expiration, expire, valable jusqu'au | caducidad, vence, válido hasta | scadenza, scade, valido fino al | validade, expira, válido até
valid | gültig | valable, valide | válido | valido | válido
approval, approved | Genehmigung, genehmigt | approbation, approuvé | aprobación, aprobado | approvazione, approvato | aprovação, aprovado
request | Anfrage, Antrag, Bitte | demande | solicitud, petición | richiesta | pedido
confirmation, confirmed | Bestätigung, bestätigt | confirmation, confirmé | confirmación, confirmado | conferma, confermato | confirmação, confirmado
status | Status | statut, état | estado | stato | estado
# addresses and contact
phone, telephone, mobile | Telefon, Telefonnummer, Mobil, Mobilnummer | téléphone | teléfono, móvil | telefono, cellulare | telefone, telemóvel, celular
email | E-Mail | courriel, e-mail | correo, correo electrónico | posta elettronica, e-mail | correio eletrónico, e-mail
letter | Schreiben | lettre, courrier | carta | lettera | carta
message | Nachricht | message | mensaje | messaggio | mensagem
call | Anruf, anrufen | appel, appeler | llamada, llamar | chiamata, chiamare | chamada, ligar, telefonar
contact | Kontakt, Ansprechpartner | contact, interlocuteur | contacto | contatto, referente | contacto, contato
question | Frage, Fragen | question | pregunta | domanda | pergunta
answer, reply | Antwort, antworten | réponse, répondre | respuesta, responder | risposta, rispondere | resposta, responder
help | Hilfe | assistance |  ayuda | aiuto | ajuda
urgent | dringend, eilig | urgent | urgente | urgente | urgente
# bookings, stays, tickets and letters: the labels of a confirmation, an invoice, a letter
ferry, crossing | Fähre, Überfahrt | ferry, traversée | ferry, transbordador, travesía | traghetto, nave, traversata | ferry, balsa, travessia
boat, ship | Schiff, Boot | bateau, navire | barco, buque | nave, barca | barco, navio
toll | Maut, Mautgebühr | péage | peaje | pedaggio | portagem
tourist tax, city tax | Kurtaxe, Ortstaxe, Bettensteuer, Tourismusabgabe | taxe de séjour | tasa turística | tassa di soggiorno, imposta di soggiorno | taxa turística
transport, shipping, haulage, carriage | Transport, Transportkosten, Frachtkosten, Versand, Versandkosten | transport, frais de transport, frais de port | transporte, porte, portes | trasporto, spese di trasporto, spese di spedizione | transporte, frete, portes
cabin | Kabine | cabine | camarote, cabina | cabina | cabine, camarote
furniture | Möbel | meubles, mobilier | muebles, mobiliario | mobili, arredamento | móveis, mobília
deck | Deck | pont | cubierta | ponte | convés
passenger | Fahrgast, Passagier, Reisender | passager, passagère, voyageur | pasajero, pasajera, viajero | passeggero, passeggera, viaggiatore | passageiro, passageira, viajante
guest, guests | Gast, Gäste | hôte, client, invités, invitées | huésped, huéspedes, invitados | ospite, ospiti, invitati | hóspede, hóspedes, convidados
reception, front desk | Rezeption, Empfang | réception, accueil | recepción | reception, accettazione | receção, recepção
check-in, check in | Check-in, Anreise | arrivée, enregistrement | entrada, llegada, check-in | arrivo, check-in | entrada, chegada, check-in
check-out, check out | Check-out, Abreise | départ, libération de la chambre | salida, check-out | partenza, check-out | saída, check-out
boarding | Einstieg, Boarding | embarquement | embarque | imbarco | embarque
gate | Flugsteig, Gate | porte d'embarquement | puerta de embarque | uscita, gate | porta de embarque
return | Rückfahrt, Rückflug, Rückreise | retour | vuelta, regreso | ritorno | regresso, volta
outbound | Hinfahrt, Hinflug | aller | ida | andata | ida
stop | Haltestelle | arrêt | parada | fermata | paragem, parada
bed | Bett | lit | cama | letto | cama
person, people | Person, Personen | personne, personnes | persona, personas | persona, persone | pessoa, pessoas
adult | Erwachsener, Erwachsene | adulte | adulto | adulto | adulto
included | inklusive, inbegriffen, enthalten | inclus, compris | incluido | incluso, compreso | incluído
weight | Gewicht | poids | peso | peso | peso
size | Größe | taille | talla, tamaño | taglia, misura | tamanho
eye, eyes | Auge, Augen, Augenarzt, Augenärztin, Augenheilkunde | œil, yeux, ophtalmologie, ophtalmologue | ojo, ojos, oftalmología, oftalmólogo | occhio, occhi, oculista, oftalmologia | olho, olhos, oftalmologia, oftalmologista
new | neu, neue, neuer, neues | nouveau, nouvelle, nouvel | nuevo, nueva | nuovo, nuova | novo, nova
sender | Absender | expéditeur | remitente | mittente | remetente
recipient | Empfänger | destinataire | destinatario | destinatario | destinatário
subject | Betreff | objet | asunto | oggetto | assunto
issued, issue date | ausgestellt, Ausstellungsdatum, Rechnungsdatum | émis, émise, date de facturation | emitida, emisión | emessa, emissione | emitida, emissão
nationality | Staatsangehörigkeit, Nationalität | nationalité | nacionalidad | nazionalità, cittadinanza | nacionalidade
# everyday things and verbs in messages
shop, store | Geschäft | magasin, boutique | tienda | negozio | loja
supermarket | Supermarkt | supermarché | supermercado | supermercato | supermercado
hardware store, hardware shop, hardware, DIY store | Baumarkt, Eisenwaren, Eisenwarenhandlung | quincaillerie | ferretería | ferramenta | ferragens
school | Schule | école, collège, lycée | escuela, colegio, instituto | scuola | escola
class, lesson | Unterricht, Stunde, Klasse | cours, classe | clase | lezione, classe | aula, turma
teacher, teachers, professor | Lehrer, Lehrerin, Lehrerinnen, Lehrkraft, Lehrkräfte | professeur, professeure, professeurs, enseignant, enseignante, enseignants, maîtresse | profesor, profesora, profesores, maestro, maestra | insegnante, insegnanti, professore, professoressa, maestra | professor, professora, professores
homework | Hausaufgaben | devoirs | deberes, tarea | compiti | trabalhos de casa, dever de casa
exam, test | Prüfung, Klausur, Klassenarbeit | examen, contrôle | examen | esame, verifica | exame, teste
weather | Wetter | météo, temps | tiempo | meteo | previsão do tempo, meteorologia
rain | Regen | pluie | lluvia | pioggia | chuva
clothes | Kleidung | vêtements | ropa | vestiti | roupa
gym, sport, sports | Sport, Fitnessstudio, Turnhalle | sport, salle de sport | deporte, gimnasio | sport, palestra | desporto, esporte, ginásio
music | Musik | musique | música | musica | música
museum | Museum | musée | museo | museo | museu
concert | Konzert | concert | concierto | concerto | concerto
cinema, movie, film | Kino, Film | cinéma, film | cine, película | cinema, film | cinema, filme
restaurant | Restaurant, Gaststätte, Gasthaus, Wirtshaus | restaurant, brasserie, bistrot | restaurante, mesón | ristorante, trattoria, osteria | restaurante, churrascaria, marisqueira
table | Tisch | table | mesa | tavolo | mesa
open | geöffnet, offen | ouvert | abierto | aperto | aberto
closed | geschlossen | fermé | cerrado | chiuso | fechado
entrance | Eingang | entrée | entrada | ingresso, entrata | entrada
exit | Ausgang | sortie | salida | uscita | saída
near, nearby | nahe, in der Nähe | près, à côté | cerca | vicino | perto
problem, issue | Problem | problème | problema | problema | problema
leave with, hand in | abgeben | déposer, remettre | dejar, entregar | lasciare, consegnare | deixar, entregar
buy | kaufen | acheter | comprar | comprare | comprar
sell | verkaufen | vendre | vender | vendere | vender
send | schicken, senden | envoyer | enviar, mandar | inviare, mandare | enviar, mandar
# home repairs, appliances and the building
boiler, water heater | Heizkessel, Therme, Gastherme, Warmwasserspeicher, Durchlauferhitzer | chaudière, chauffe-eau, ballon d'eau chaude | calentador, termo, caldera de gas | caldaia, scaldabagno, scaldacqua | caldeira, esquentador, termoacumulador
radiator, radiators | Heizkörper | radiateur, radiateurs | radiador, radiadores | termosifone, termosifoni, radiatore | radiador, radiadores
installation, install, installed, fitting | Installation, Einbau, installieren, einbauen, eingebaut, installiert | installation, installé, installée, mise en service | instalación, instalar, instalado, instalada | installazione, installare, installato, installata | instalação, instalar, instalado, instalada
technician, repairman, repairer, fitter | Techniker, Technikerin, Monteur, Servicetechniker, Kundendienst | technicien, technicienne, dépanneur, réparateur | técnico, técnica, reparador | tecnico, tecnica, riparatore | técnico, técnica, reparador
tradesman, tradesmen, workman, workmen, craftsman, craftsmen | Handwerker, Handwerkerin, Bauarbeiter | ouvrier, ouvriers, compagnon | obrero, obreros, operario, operarios, albañil | operaio, operai, muratore, artigiano | operário, operários, pedreiro, empreiteiro
leak, leaking, leaks | Leck, undicht, tropft, Wasserschaden, Leckage | fuite, fuites, fuite d'eau, dégât des eaux | fuga, gotera, goteras, fuga de agua | perdita, perdite, infiltrazione, infiltrazioni | fuga, infiltração, fuga de água, infiltrações
broken, faulty, fault, breakdown, out of order, not working | kaputt, defekt, Störung, außer Betrieb, funktioniert nicht | en panne, cassé, cassée, défectueux, défectueuse, hors service, ne fonctionne pas | averiado, averiada, avería, roto, estropeado, fuera de servicio, no funciona | guasto, guasta, rotto, rotta, fuori servizio, non funziona | avariado, avariada, avaria, partido, estragado, fora de serviço, não funciona
shower | Dusche, duschen | cabine de douche, salle de douche | ducha, ducharse | doccia, docce | duche, chuveiro
toilet, loo, lavatory | Toiletten, Klo, WC | toilettes, cabinet de toilette | aseo, aseos, inodoro, váter | gabinetto, servizi igienici, sanitari | sanita, sanitários, casa de banho
bathroom | Badezimmer | salle de bain, salle de bains | cuarto de baño, baño | bagno, stanza da bagno | casa de banho, banheiro
lock, door lock | Schloss, Türschloss, Schließzylinder | serrure, serrures | cerradura, cerrojo | serratura, serrature | fechadura, fechaduras
mould, mold, damp, dampness | Schimmel, Feuchtigkeit, Feuchte | moisissure, moisissures, humidité | moho, humedad, humedades | muffa, umidità | bolor, humidade, umidade, mofo
washing machine | Waschmaschine | machine à laver, lave-linge | lavadora | lavatrice | máquina de lavar roupa, máquina de lavar
dishwasher | Spülmaschine, Geschirrspüler, Geschirrspülmaschine | lave-vaisselle | lavavajillas, lavaplatos | lavastoviglie | máquina de lavar loiça, lava-louça, lava-louças
fridge, refrigerator | Kühlschrank | frigo, réfrigérateur | nevera, frigorífico | frigorifero, frigo | frigorífico, geladeira
cleaning, clean | Reinigung, Putzen, Endreinigung, reinigen, putzen, gereinigt | nettoyage, nettoyer, frais de ménage, faire le ménage | limpieza, limpiar, gastos de limpieza | pulizia, pulizie, pulire, spese di pulizia | limpeza, limpar, taxa de limpeza
cleaner, cleaning lady | Putzfrau, Reinigungskraft, Putzhilfe, Reinigungsfirma | femme de ménage, agent d'entretien | limpiadora, asistenta, señora de la limpieza | donna delle pulizie, colf, impresa di pulizie | empregada de limpeza, senhora da limpeza, faxineira
warranty, guarantee | Garantie, Gewährleistung | garantie | garantía | garanzia | garantia
spare part, spare parts, replacement part | Ersatzteil, Ersatzteile | pièce détachée, pièces détachées, pièce de rechange | repuesto, repuestos, recambio, recambios | ricambio, ricambi, pezzo di ricambio | peça de substituição, peças de substituição, peça sobressalente
labour, labor | Arbeitslohn, Arbeitszeit, Lohnkosten, Arbeitskosten | main d'œuvre, main-d'œuvre | mano de obra | manodopera | mão de obra, mão-de-obra
call-out, callout, call-out fee, travel cost | Anfahrt, Anfahrtskosten, Anfahrtspauschale | déplacement, frais de déplacement | desplazamiento, gastos de desplazamiento | diritto di chiamata, costo di uscita | deslocação, deslocamento, taxa de deslocação
materials, material | Material, Materialkosten | matériaux, fournitures | material, materiales | materiale, materiali | material, materiais
hourly rate | Stundensatz, Stundenlohn | tarif horaire, taux horaire | tarifa por hora, precio por hora | tariffa oraria, costo orario | preço por hora, valor hora
power cut, power outage, outage, blackout | Stromausfall, Stromunterbrechung | coupure de courant, coupure d'électricité | apagón, corte de luz | interruzione di corrente, blackout | corte de luz, apagão, corte de energia
roof | Dach | toit, toiture | tejado, techo | tetto | telhado
wall, walls | Wände, Mauer | mur, murs | pared, paredes | parete, pareti, muro | parede, paredes
garden | Garten | jardin | jardín | giardino | jardim
stairs, staircase, stairwell | Treppe, Treppenhaus | escalier, escaliers, cage d'escalier | escalera, escaleras | vano scala, scale condominiali | escada, escadas
lift, elevator | Aufzug, Fahrstuhl | ascenseur | ascensor | ascensore | elevador
mailbox, letterbox, postbox | Briefkasten | boîte aux lettres | buzón | cassetta della posta, buca delle lettere | caixa do correio, caixa de correio
smoke detector, smoke alarm | Rauchmelder | détecteur de fumée | detector de humo | rilevatore di fumo | detetor de fumo, detector de fumaça
service charges, utilities, utility costs | Nebenkosten, Betriebskosten, Nebenkostenabrechnung | charges locatives, charges de copropriété | gastos de comunidad, suministros | spese condominiali, oneri accessori | despesas de condomínio, condomínio
noise | Lärm, Krach | tapage, nuisances sonores | ruido, ruidos | rumore, rumori | barulho, ruído
laundry, laundry room | Waschküche, Wäsche, Wäscherei | laverie, buanderie, linge | lavandería, colada | lavanderia, bucato | lavandaria, lavanderia
# travel, transport and stays
arrivals hall, arrival hall, arrivals area | Ankunftshalle, Ankunftsbereich | hall des arrivées, arrivées | vestíbulo de llegadas, llegadas | sala arrivi, arrivi | zona de chegadas, chegadas
departures hall, departure hall, departures area | Abflughalle, Abflugbereich | hall des départs, zone des départs | vestíbulo de salidas, salidas | sala partenze, partenze | zona de partidas, partidas
underground, subway, metro | U-Bahn | métro | metro, metropolitano | metropolitana, metro | metro, metropolitano
tram, streetcar | Straßenbahn, Tram | tramway | tranvía | tram, tranvia | elétrico, bonde
metro line, bus line, tram line, underground line, subway line, train line | Linie | ligne | línea | linea | linha
bus stop | Bushaltestelle, Haltestelle | arrêt de bus, arrêt | parada de autobús, parada | fermata dell'autobus, fermata | paragem de autocarro, parada de ônibus, paragem
on foot, walk, walking, walking distance | zu Fuß, Fußweg, Gehminuten, laufen | à pied, minutes à pied | a pie, andando, caminando | a piedi | a pé, caminhada
rental car, hire car, car hire, car rental | Mietwagen, Leihwagen, Autovermietung | voiture de location, location de voiture | coche de alquiler, alquiler de coches | auto a noleggio, noleggio auto | carro de aluguer, carro alugado, aluguel de carro
driver | Fahrer, Fahrerin | chauffeur, conductrice | chófer | autista, conducente | motorista, condutor, condutora
traffic jam, traffic | Stau, Verkehr | embouteillage, bouchon, bouchons | atasco, embotellamiento, tráfico | ingorgo, traffico | engarrafamento, trânsito
connection, connecting train, change trains | Anschluss, Umstieg, umsteigen | correspondance | transbordo, conexión, enlace | coincidenza, cambio treno | ligação, transbordo, conexão
boarding pass | Bordkarte | carte d'embarquement | tarjeta de embarque | carta d'imbarco | cartão de embarque
security check, security control, airport security | Sicherheitskontrolle | contrôle de sécurité | control de seguridad | controlli di sicurezza, controllo di sicurezza | controlo de segurança, controle de segurança
hand luggage, carry-on, cabin bag | Handgepäck | bagage à main, bagage cabine | equipaje de mano | bagaglio a mano | bagagem de mão
checked baggage, checked luggage, checked bag, hold luggage | Aufgabegepäck | bagage en soute | equipaje facturado | bagaglio da stiva | bagagem de porão
host, hostess | Gastgeber, Gastgeberin | hôte, hôtesse | anfitrión, anfitriona | padrona di casa, host | anfitrião, anfitriã
accommodation, lodging, place to stay | Unterkunft, Übernachtung | hébergement, logement | alojamiento | alloggio, sistemazione | alojamento, hospedagem
stay | Aufenthalt | séjour | estancia, estadía | soggiorno | estadia
key box, lockbox, key safe | Schlüsselbox, Schlüsselsafe, Schlüsseltresor | boîte à clés, boîte à clé | caja de llaves, cajetín | cassetta delle chiavi, cassetta portachiavi | cofre de chaves, caixa de chaves
password, passcode | Passwort, Kennwort | mot de passe, code d'accès | contraseña, clave de acceso | password, codice di accesso | senha, palavra-passe
towel, towels | Handtuch, Handtücher, Badetuch | serviette de bain, serviettes de bain, linge de toilette | toalla, toallas | asciugamano, asciugamani | toalha, toalhas
bed linen, sheets, bedding | Bettwäsche | draps, linge de lit | sábanas, ropa de cama | lenzuola, biancheria da letto | lençóis, roupa de cama
pet, pets | Haustier, Haustiere | animal de compagnie, animaux de compagnie, animaux | mascota, mascotas | animale domestico, animali domestici | animal de estimação, animais de estimação
dog, dogs | Hund, Hunde | chien, chiens, chienne | perro, perros, perra | cani, cagnolino | cão, cães, cachorro
vet, veterinarian, veterinary | Tierarzt, Tierärztin, Tierarztpraxis, Tierklinik | vétérinaire, clinique vétérinaire | veterinario, veterinaria, clínica veterinaria | veterinario, veterinaria, clinica veterinaria | veterinário, veterinária, clínica veterinária
id card, identity card, identification | Personalausweis, Ausweis | carte d'identité, pièce d'identité | documento de identidad, carné de identidad | carta d'identità | cartão de cidadão, bilhete de identidade, carteira de identidade
driving licence, driving license, driver's license | Führerschein | permis de conduire | carné de conducir, permiso de conducir | patente di guida | carta de condução, carteira de motorista
embassy, consulate | Botschaft, Konsulat | ambassade, consulat | embajada, consulado | ambasciata, consolato | embaixada, consulado
town hall, city hall, council | Rathaus, Bürgeramt, Bürgerbüro, Gemeinde | mairie, hôtel de ville | ayuntamiento | municipio, comune di | câmara municipal, prefeitura, junta de freguesia
registration, register, enrolment, enrollment, sign up | Anmeldung, anmelden, angemeldet, Einschreibung | inscrit, inscrite, s'inscrire, enregistrement | inscripción, inscribirse, empadronamiento, matrícula | iscrizione, iscriversi, registrazione | inscrição, inscrever, matrícula, registo
residence permit | Aufenthaltstitel, Aufenthaltserlaubnis | titre de séjour, carte de séjour | permiso de residencia, tarjeta de residencia | permesso di soggiorno | autorização de residência, título de residência
tax return | Steuererklärung | déclaration d'impôts, déclaration de revenus | declaración de la renta | dichiarazione dei redditi | declaração de IRS, declaração de imposto de renda
fare | Fahrpreis | prix du billet | tarifa, precio del billete | tariffa, prezzo del biglietto | tarifa, preço do bilhete
travel card, travelcard, bus pass, monthly pass, season ticket | Monatskarte, Zeitkarte, Fahrausweis | abonnement mensuel, carte d'abonnement | abono, abono de transporte | abbonamento mensile, abbonamento | passe mensal, passe social
rental | Verleih, Vermietung, mieten, leihen | louer, loué, en location | alquilar, alquilado | noleggio, noleggiare, a noleggio | alugar, alugado
city centre, city center, town centre, town center, downtown | Innenstadt, Stadtzentrum, Zentrum | centre-ville | centro ciudad, centro de la ciudad | centro città | centro da cidade, baixa
old town | Altstadt | vieille ville | casco antiguo, casco viejo | centro storico | centro histórico
customs | Zoll | douane | aduana | dogana | alfândega
beach | Badestrand, Sandstrand, am Strand | plage | playa | spiaggia | praia
swimming pool, pool | Schwimmbad, Hallenbad, Freibad | piscine | piscina | piscina | piscina
campsite, campground, camping | Campingplatz, Zeltplatz | terrain de camping | camping | campeggio | parque de campismo, acampamento
single room | Einzelzimmer | chambre simple, chambre individuelle | habitación individual | camera singola | quarto individual, quarto de solteiro
double room | Doppelzimmer | chambre double | habitación doble | camera doppia, camera matrimoniale | quarto duplo, quarto de casal
guided tour, tour | Führung, Stadtführung, Rundgang | visite guidée | visita guiada | visita guidata | visita guiada
meeting point, meeting place, gathering point | Treffpunkt | point de rendez-vous, lieu de rendez-vous | punto de encuentro | punto d'incontro, punto di ritrovo, ritrovo | ponto de encontro
parcel locker, pickup point, pick-up point, collection point | Packstation, Paketstation, Abholstation | point relais, consigne automatique | punto de recogida, taquilla | punto di ritiro, armadietto | cacifo, ponto de recolha, ponto de retirada
lost and found, lost property | Fundbüro | objets trouvés | objetos perdidos | oggetti smarriti | perdidos e achados
police | Polizei | gendarmerie, commissariat de police | policía | polizia, carabinieri, questura | polícia
post office | Postamt, Postfiliale | bureau de poste | oficina de correos, correos | ufficio postale | correios, estação de correios
library | Bibliothek, Bücherei, Stadtbibliothek | bibliothèque, médiathèque | biblioteca | biblioteca | biblioteca
playground | Spielplatz | aire de jeux | parque infantil | parco giochi | parque infantil
church | Kirche | église | iglesia | chiesa | igreja
on time, punctual | pünktlich | à l'heure | puntual, a tiempo | puntuale, in orario | pontual, a horas, no horário
early | früh, frühzeitig | en avance, de bonne heure | temprano | in anticipo | cedo
expected, scheduled, planned, estimated | geplant, vorgesehen, voraussichtlich, planmäßig | prévu, prévue, prévus, prévues, planifié | previsto, prevista, programado, programada | previsto, prevista, programmato, programmata | previsto, prevista, programado, agendado
take place, takes place, held | stattfinden, findet statt | avoir lieu, aura lieu, a lieu | tener lugar, tendrá lugar, se celebrará | avrà luogo, si terrà, ha luogo | realizar-se, terá lugar, decorrerá
# school and exchange
pupil, pupils, student, students | Schüler, Schülerin, Schülerinnen, Schülern, Studentin, Studierende | élève, élèves, étudiant, étudiante, étudiants | alumno, alumna, alumnos, estudiante, estudiantes | alunno, alunna, alunni, studente, studentessa, studenti | aluno, aluna, alunos, estudante, estudantes
exchange, student exchange, exchange student | Austausch, Schüleraustausch, Austauschschüler, Austauschschülerin | échange, échange scolaire, correspondant, correspondante | intercambio | scambio, scambio culturale | intercâmbio
host family | Gastfamilie | famille d'accueil | familia de acogida, familia anfitriona | famiglia ospitante | família de acolhimento, família anfitriã
headteacher, head teacher, principal, headmaster, headmistress | Schulleiter, Schulleiterin, Rektor, Rektorin | directeur d'école, directrice, proviseur | directora, director del colegio | dirigente scolastico, dirigente | diretor da escola, diretora
class teacher, form teacher, homeroom teacher | Klassenlehrer, Klassenlehrerin | professeur principal, professeure principale | tutora, tutores | coordinatore di classe, coordinatrice di classe | diretor de turma, diretora de turma
semester, school term, school year, trimester | Halbjahr, Semester, Schuljahr | trimestre, semestre, année scolaire | trimestre, semestre, curso escolar | quadrimestre, semestre, anno scolastico | período, semestre, ano letivo
report card, school report | Schulzeugnis, Halbjahreszeugnis | bulletin scolaire, bulletin de notes | boletín de notas, boletín | pagella, scheda di valutazione | boletim escolar, boletim, pauta
canteen, cafeteria, school lunch | Mensa, Kantine, Schulessen | cantine, restauration scolaire | comedor, comedor escolar | refezione scolastica, mensa scolastica | cantina, refeitório
kindergarten, nursery, daycare, day care, creche | Kita, Kindertagesstätte, Krippe | crèche, maternelle, école maternelle | guardería, escuela infantil | asilo nido, scuola materna, scuola dell'infanzia | creche, infantário, jardim de infância
childcare, after-school club, after school | Hort, Nachmittagsbetreuung, Kinderbetreuung | garderie, accueil périscolaire, périscolaire | actividades extraescolares, extraescolares | doposcuola | prolongamento de horário, centro de estudos
packed lunch, picnic, lunch box | Lunchpaket, Proviant, Brotdose | pique-nique, panier-repas | bocadillo, comida para llevar | pranzo al sacco | lanche, marmita
snack | Brotzeit, Jause, Zwischenmahlzeit | goûter, en-cas | merienda, tentempié | merenda, spuntino | lanche, merenda
permission, consent, permission slip | Einwilligung, Erlaubnis, Einverständniserklärung, Einverständnis | autorisation, consentement, autorisation parentale | autorización, consentimiento | autorizzazione, consenso, liberatoria | autorização, consentimento
agreement | Vereinbarung, Abmachung, Zustimmung | accord, accord écrit | acuerdo, conformidad | accordo, intesa | acordo
# family invitations and occasions
invitation, invite, invites, invited | Einladung, einladen, eingeladen, lädt ein | invitation, inviter, invité, invitée | invitación, invitar, invitado, invitada | invito, invitare, invitato, invitata | convite, convidar, convidado, convidada
surprise | Überraschung, überraschen, Überraschungsparty | surprise | sorpresa | sorpresa | surpresa
anniversary, wedding anniversary | Jahrestag, Hochzeitstag | anniversaire de mariage | aniversario, aniversario de boda | anniversario | aniversário de casamento
christening, baptism | Taufe, Tauffeier | baptême | bautizo, bautismo | battesimo | batizado, batismo
funeral | Beerdigung, Trauerfeier, Beisetzung | enterrement, funérailles, obsèques | funeral, entierro | funerale, esequie | funeral, enterro
engagement, engaged | Verlobung, verlobt | fiançailles, fiancés | compromiso, pedida de mano | fidanzamento, fidanzati | noivado, noivos
photo, photos, picture, pictures | Foto, Fotos, Bilder | photo, photos | foto, fotos | foto, fotografie | foto, fotos, fotografia, fotografias
album, photo album | Album, Fotoalbum | album photo | álbum, álbum de fotos | album fotografico | álbum, álbum de fotografias
rsvp, attend, attending, attendance, participation | Zusage, zusagen, teilnehmen, Teilnahme | confirmer votre présence, participer, participation | confirmar asistencia, asistencia, asistir | conferma la presenza, partecipazione, partecipare | confirmar presença, presença, participar
venue | Veranstaltungsort, Festsaal | salle des fêtes, lieu de la fête | lugar, lugar del evento | luogo, sede | local do evento, espaço
dress code | Kleiderordnung, Dresscode | code vestimentaire, tenue exigée | código de vestimenta, etiqueta | abbigliamento richiesto, codice di abbigliamento | código de vestuário, traje
menu | Speisekarte, Menü | menu du jour, carte des plats | menú, carta | menù, menu del giorno | cardápio, ementa
barbecue, bbq | Grillfest, Grillabend, grillen | barbecue | barbacoa, parrillada | grigliata | churrasco
vegetarian | vegetarisch, Vegetarier | végétarien, végétarienne | vegetariano, vegetariana | vegetariano, vegetariana | vegetariano, vegetariana
groceries, grocery shopping, food shopping | Einkäufe, Lebensmittel, Einkauf | faire les courses, épicerie | compra, la compra, comestibles | spesa, alimentari | compras, mercearia
market | Markt, Wochenmarkt | marché | mercado | mercato | mercado, feira
bakery | Bäckerei | boulangerie | panadería | panetteria, panificio | padaria
# health
doctor's office, medical practice, doctor's surgery, gp surgery, health centre, health center | Arztpraxis, Hausarztpraxis | cabinet médical, maison de santé | consulta, consultorio, centro de salud | ambulatorio, studio medico | consultório, centro de saúde
nurse | Krankenschwester, Pflegekraft, Pfleger, Krankenpfleger | infirmier, infirmière | enfermero, enfermera | infermiere, infermiera | enfermeiro, enfermeira
patient, patients | Patient, Patientin, Patienten | patiente, patients | paciente, pacientes | paziente, pazienti | paciente, utente
health insurance, health card, insurance card | Krankenkasse, Krankenversicherung, Versichertenkarte, Gesundheitskarte | carte vitale, mutuelle, assurance maladie | tarjeta sanitaria, seguro médico | tessera sanitaria, assicurazione sanitaria | cartão de utente, seguro de saúde, plano de saúde
fever | Fieber | fièvre | fiebre | febbre | febre
cough | Husten | toux | tos | tosse | tosse
flu, influenza, common cold | Grippe, Erkältung | rhume, état grippal | resfriado, catarro, constipado | raffreddore, influenza | constipação, resfriado
blood test, blood work, blood sample | Blutabnahme, Blutuntersuchung, Blutbild | prise de sang, analyse de sang | análisis de sangre, analítica | esame del sangue, prelievo | análise ao sangue, exame de sangue
x-ray, xray | Röntgen, Röntgenbild | radiographie | radiografía | radiografia | radiografia, raio-x
emergency, emergency room | Notfall, Notaufnahme, Notruf | urgence, urgences | urgencia, urgencias | emergenza, pronto soccorso | urgência, emergência, pronto-socorro
ointment, cream | Salbe, Creme | pommade, crème | pomada, crema | pomata, crema | pomada, creme
syrup, cough syrup, eye drops, ear drops | Sirup, Hustensaft, Tropfen, Augentropfen | sirop, gouttes, collyre | jarabe, gotas | sciroppo, gocce, collirio | xarope, gotas, colírio
side effects, side effect | Nebenwirkungen, Nebenwirkung | effets secondaires, effets indésirables | efectos secundarios | effetti collaterali | efeitos secundários, efeitos colaterais
daily, per day, times a day | täglich, pro Tag, am Tag, mal täglich | par jour, quotidien, quotidienne | al día, diario, diaria | al giorno, giornaliero, quotidiano | por dia, diário, diária
with meals, before meals, after meals, with food | vor dem Essen, nach dem Essen, zu den Mahlzeiten, zum Essen | avant les repas, après les repas, pendant les repas | antes de las comidas, después de las comidas, con las comidas | prima dei pasti, dopo i pasti, durante i pasti | antes das refeições, depois das refeições, às refeições
empty stomach, fasting | nüchtern, auf nüchternen Magen | à jeun | en ayunas | a digiuno | em jejum
on duty, on call, out of hours, after hours | Notdienst, Bereitschaftsdienst, Apothekennotdienst | de garde, pharmacie de garde | de guardia, farmacia de guardia | di turno, farmacia di turno | de serviço, de plantão, farmácia de serviço
glasses, spectacles, contact lenses | Brille, Kontaktlinsen | lunettes, lentilles de contact | gafas, lentillas, lentes de contacto | occhiali, lenti a contatto | óculos, lentes de contacto, lentes de contato
physio, physiotherapy, physical therapy, physiotherapist | Physiotherapie, Krankengymnastik, Physiotherapeut, Physiotherapeutin | kinésithérapie, kinésithérapeute | fisioterapia, fisioterapeuta | fisioterapia, fisioterapista | fisioterapia, fisioterapeuta
sick note, sick leave, doctor's note, medical certificate | Krankmeldung, Krankschreibung, Arbeitsunfähigkeitsbescheinigung | arrêt maladie, arrêt de travail | baja médica, parte de baja | certificato medico, certificato di malattia | baixa médica, atestado médico
surgery, surgical, operation | Operation, Eingriff | opération, intervention chirurgicale | operación, cirugía, intervención | operazione, intervento chirurgico | operação, cirurgia
result, results | Ergebnis, Ergebnisse, Befund | résultat, résultats | resultado, resultados | risultato, risultati, esito, referto | resultado, resultados
# money on the card and in the account
pending | ausstehend, in Bearbeitung, vorgemerkt | en attente, en cours de traitement | pendiente, en proceso | in sospeso, in attesa, in elaborazione | pendente, em processamento
charged, debited, billed | belastet, abgebucht, berechnet, in Rechnung gestellt | débité, débitée, prélevé, prélevée, facturé, facturée | cobrado, cobrada, cargado, cargada | addebitato, addebitata, fatturato | debitado, debitada, cobrado, cobrada
released, reversed | freigegeben, zurückgebucht, aufgehoben | libéré, libérée, débloqué, débloquée | liberado, liberada, desbloqueado, revertido | sbloccato, sbloccata, svincolato, stornato | libertado, desbloqueado, liberado, estornado
hold, card hold, held, pre-authorisation, pre-authorization, preauthorisation, preauthorization, authorisation hold, authorization hold | Vormerkung, Blockierung, blockiert, reserviert, Vorautorisierung | préautorisation, pré-autorisation, empreinte bancaire, bloqué, bloquée | retención, retenido, preautorización, bloqueado, bloqueada | preautorizzazione, blocco, bloccato, bloccata | pré-autorização, cativo, cativação, bloqueado, bloqueada
transaction, transactions | Transaktion, Umsatz, Umsätze | transaction, opération | transacción, movimiento, movimientos | transazione, movimento, movimenti | transação, movimento, movimentos
statement, bank statement | Kontoauszug, Auszug | relevé de compte, relevé bancaire | extracto, extracto bancario | estratto conto | extrato, extrato bancário
atm, cash machine, cashpoint | Geldautomat, Bankautomat | distributeur, distributeur automatique, distributeur de billets | cajero, cajero automático | bancomat, sportello automatico | multibanco, caixa multibanco, caixa eletrônico
exchange rate | Wechselkurs | taux de change | tipo de cambio | tasso di cambio | taxa de câmbio, câmbio
interest rate | Zinssatz, Zinsen | taux d'intérêt, intérêts | tipo de interés, intereses | tasso di interesse, interessi | taxa de juro, juros
loan, mortgage | Kredit, Darlehen, Hypothek | prêt, emprunt, prêt immobilier | préstamo, hipoteca, crédito | prestito, mutuo, finanziamento | empréstimo, crédito, hipoteca
paid | bezahlt, beglichen | payé, payée, réglé, réglée | pagado, pagada, abonado | pagato, pagata, saldato | pago, paga, pagou
unpaid, outstanding, owed, owe | unbezahlt, ausstehend, offener Betrag, Restbetrag | impayé, impayée, non payé, reste à payer | impagado, pendiente de pago, no pagado | non pagato, insoluto, da saldare | em dívida, não pago, em atraso
surcharge, extra charge, supplement, extra cost | Aufpreis, Zuschlag, Aufschlag | supplément | suplemento, recargo | supplemento, sovrapprezzo | suplemento, sobretaxa
non-refundable, nonrefundable | nicht erstattungsfähig, nicht erstattbar | non remboursable | no reembolsable | non rimborsabile | não reembolsável
voucher, coupon, gift card | Gutschein, Geschenkgutschein | bon d'achat, chèque-cadeau, carte cadeau | cupón, tarjeta regalo, cheque regalo | buono, buono regalo, carta regalo | cupão, cupom, cartão oferta, cartão presente
tip, gratuity | Trinkgeld | pourboire | propina | mancia | gorjeta
# work mail
day off, days off, time off | Urlaubstag, freier Tag, Freistellung, Brückentag | jour de congé, jour férié chômé, RTT | día libre, día de permiso, días libres | giorno libero, giorno di ferie | dia de folga, folga
overtime | Überstunden | heures supplémentaires | horas extra, horas extras | straordinari, ore di straordinario | horas extra, horas extraordinárias
shift, shifts | Schicht, Schichten, Frühschicht, Spätschicht, Nachtschicht | équipe de nuit, poste de nuit, horaires postés | turno, turnos | turno, turni | turno, turnos
project | Projekt | projet | proyecto | progetto | projeto, projecto
report | Bericht | compte rendu, compte-rendu | informe | relazione, rapporto | relatório
agenda | Tagesordnung | ordre du jour | orden del día | ordine del giorno | ordem de trabalhos, ordem do dia
presentation | Präsentation, Vortrag | présentation | presentación, ponencia | presentazione | apresentação
video call, video conference, videoconference, conference call | Videokonferenz, Telefonkonferenz, Videoanruf | visioconférence | videollamada, videoconferencia | videochiamata, videoconferenza | videochamada, videoconferência
payslip, pay slip, pay stub | Gehaltsabrechnung, Lohnabrechnung, Lohnzettel | fiche de paie, bulletin de salaire | nómina, recibo de sueldo | busta paga, cedolino | recibo de vencimento, holerite, contracheque
expenses, expense claim, expense report | Spesen, Auslagen, Spesenabrechnung, Reisekosten | note de frais, notes de frais | gastos, nota de gastos, dietas | note spese, rimborso spese | despesas, ajudas de custo
training, workshop, training course | Schulung, Weiterbildung, Fortbildung | formation professionnelle, session de formation | formación, curso | formazione, corso | formação, curso
course, module | Kurs, Lehrgang, Modul | cours, module | curso, módulo | corso, modulo | curso, módulo
probation, trial period, probationary period | Probezeit | période d'essai | periodo de prueba | periodo di prova | período experimental, período de experiência
working hours, work hours, office hours | Arbeitszeit, Arbeitszeiten, Bürozeiten | horaires de travail, heures de bureau | horario laboral, horario de trabajo, jornada | orario di lavoro, orario d'ufficio | horário de trabalho, horário de expediente
working from home, work from home, remote work, wfh, home office | Homeoffice, mobiles Arbeiten | télétravail | teletrabajo, trabajo en remoto | lavoro agile, smart working, telelavoro | teletrabalho
hr, human resources, personnel department | Personalabteilung, Personalwesen | ressources humaines | recursos humanos | risorse umane, ufficio del personale | recursos humanos
staff, employees, employee | Mitarbeiter, Mitarbeiterin, Mitarbeitende, Belegschaft | salariés, salarié, employés, employé | empleados, empleado, plantilla | dipendenti, dipendente, personale | funcionários, funcionário, colaboradores, pessoal
`;
