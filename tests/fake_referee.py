"""A fake of Pachi as a referee over GTP, for the tests of the tools that ask it for win rates
(`genmove` then `pachi-result`)."""

# The side to move wins with 0.5 + 0.01 * (stones played); after exactly four moves the referee
# answers without searching (0 playouts), as Pachi does from its book or when it resigns.
FAKE_REFEREE = '''
import sys
played = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    answer = ""
    if words[0] == "clear_board":
        played = 0
    elif words[0] == "play":
        played += 1
    elif words[0] == "genmove":
        answer = "E5"
    elif words[0] == "pachi-result":
        answer = "black E5 %d %.2f 0.0" % (0 if played == 4 else 500, 0.5 + 0.01 * played)
    print("= " + answer + "\\n", flush=True)
    if words[0] == "quit":
        break
'''
