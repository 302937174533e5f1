// Drives `mango gtp` with @sabaki/gtp, the library Sabaki itself uses: a state sync that needs
// undo, then lz-analyze read line by line and stopped by the next command. Prints one JSON line.
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

async function main() {
  const [python] = process.argv.slice(2)
  const controller = new Controller(python, ['-m', 'mango.cli', 'gtp', '--playouts', '300',
                                             '--log-level', 'warning'])
  controller.start()
  const tracker = new ControllerStateTracker(controller)
  const sent = []
  controller.on('command-sent', ({command}) => sent.push(command.name))
  const play = (colour, vertex) => ({name: 'play', args: [colour, vertex]})
  const base = [play('B', 'E5'), play('W', 'C3'), play('B', 'D4')]
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history: [...base, play('W', 'F5')]})
  await tracker.sync({komi: 6.5, boardsize: [9, 9], history: [...base, play('W', 'G5')]})
  const white = await controller.sendCommand({name: 'list_stones', args: ['W']})
  const info = []
  const analysis = controller.sendCommand({name: 'lz-analyze', args: ['B', '10']}, ({line}) => {
    if (line.startsWith('info')) info.push(line)
  })
  await new Promise(resolve => setTimeout(resolve, 1500))
  const name = await controller.sendCommand({name: 'name'})
  const analysed = await analysis
  const genmove = await controller.sendCommand({name: 'genmove', args: ['B']})
  await controller.stop()
  console.log(JSON.stringify({
    sent, white: white.content, whiteError: white.error, info, analysisError: analysed.error,
    name: name.content, genmove: genmove.content, genmoveError: genmove.error,
  }))
}

main().catch(error => { console.log(JSON.stringify({failure: String(error)})); process.exit(1) })
