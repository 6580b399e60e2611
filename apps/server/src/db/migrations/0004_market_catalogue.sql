-- The market catalogue: venues, the sorts they quote (ids as the app knows them; 13, 12, 78, 77 and 40
-- form the default 'my quotes' group) and the series (market x sort) that carry prices.
INSERT INTO "markets" ("id", "code", "name", "name_en", "currency", "sort_order") VALUES
  (1, 'changjiang', '长江现货', 'Changjiang Spot', 'CNY', 1),
  (2, 'smm', '上海有色', 'SMM', 'CNY', 2),
  (3, 'nanchu', '南储华南', 'Nanchu South China', 'CNY', 3),
  (4, 'foshan', '佛山', 'Foshan', 'CNY', 4),
  (5, 'shfe', '上期所', 'SHFE', 'CNY', 5),
  (6, 'lme', 'LME', 'LME', 'USD', 6);
--> statement-breakpoint
INSERT INTO "sorts" ("id", "name", "name_en", "unit", "metal", "sort_order") VALUES
  (13, 'A00铝', 'A00 aluminium', 'CNY/t', 'aluminium', 1),
  (12, '1#电解铜', '1# electrolytic copper', 'CNY/t', 'copper', 2),
  (78, '沪铝', 'SHFE aluminium', 'CNY/t', 'aluminium', 3),
  (77, '沪铜', 'SHFE copper', 'CNY/t', 'copper', 4),
  (40, 'LME铝', 'LME aluminium', 'USD/t', 'aluminium', 5),
  (41, 'LME铜', 'LME copper', 'USD/t', 'copper', 6),
  (21, '6063铝棒加工费', '6063 aluminium rod processing fee', 'CNY/t', 'aluminium', 7),
  (22, '铝合金ADC12', 'ADC12 aluminium alloy', 'CNY/t', 'aluminium', 8),
  (23, '氧化铝', 'Alumina', 'CNY/t', 'aluminium', 9),
  (24, '废铝', 'Scrap aluminium', 'CNY/t', 'aluminium', 10),
  (25, '铜杆', 'Copper rod', 'CNY/t', 'copper', 11);
--> statement-breakpoint
INSERT INTO "series" ("id", "market_id", "sort_id", "name", "name_en") VALUES
  (1, 1, 13, '长江A00铝', 'Changjiang A00 aluminium'),
  (2, 2, 13, 'SMM A00铝', 'SMM A00 aluminium'),
  (3, 3, 13, '南储华南A00铝', 'Nanchu South China A00 aluminium'),
  (4, 1, 12, '长江1#电解铜', 'Changjiang 1# copper'),
  (5, 2, 12, 'SMM 1#电解铜', 'SMM 1# copper'),
  (6, 5, 78, '沪铝主力', 'SHFE aluminium main contract'),
  (7, 5, 77, '沪铜主力', 'SHFE copper main contract'),
  (8, 6, 40, 'LME铝3M', 'LME aluminium 3M'),
  (9, 6, 41, 'LME铜3M', 'LME copper 3M'),
  (10, 4, 21, '佛山6063铝棒加工费', 'Foshan 6063 rod processing fee'),
  (11, 4, 22, '佛山ADC12', 'Foshan ADC12'),
  (12, 2, 23, 'SMM氧化铝', 'SMM alumina'),
  (13, 4, 24, '佛山废铝', 'Foshan scrap aluminium'),
  (14, 1, 25, '长江铜杆', 'Changjiang copper rod');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('series', 'id'), (SELECT max("id") FROM "series"));
