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
free | kostenlos, gratis, umsonst | gratuit | gratis, gratuito | gratis, gratuito | grátis, gratuito
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
departure | Abfahrt, Abflug, Abreise | départ | salida | partenza | partida
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
# forms and contracts
name | Name, Vorname, Nachname | nom, prénom | nombre, apellido | nome, cognome | nome, apelido, sobrenome
first name | Vorname | prénom | nombre | nome | nome próprio, primeiro nome
surname, last name | Nachname, Familienname | nom de famille | apellido, apellidos | cognome | apelido, sobrenome
birth | Geburt, Geburtsdatum, geboren | naissance | nacimiento | nascita, nato, nata | nascimento
signature, sign | Unterschrift, unterschreiben | signature, signer | firma, firmar | firma, firmare | assinatura, assinar
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
guest | Gast, Gäste | hôte, client | huésped | ospite | hóspede
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
teacher | Lehrer, Lehrerin | professeur, enseignant, maîtresse | profesor, profesora, maestro, maestra | insegnante, professore, maestra | professor, professora
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
`;
