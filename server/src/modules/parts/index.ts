/** The parts module's public door: the stock ledger (the one writer of stock moves and quantities on hand). */
export {
  drawServiceParts,
  moveByKey,
  moveStock,
  returnServiceParts,
  type StockMoveInput,
  type StockMoveRow,
} from './stock.service';
export { checkCatalogueParts, lowStockParts, lowStockSummary } from './parts.service';
